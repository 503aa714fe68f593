import ArgumentParsing

/// The environment variables traqt reads, in one list that the tool's help
/// and the manual both show (through `Tool.documented`).
enum EnvironmentVariables {
    static let all: [DefinitionSpec] = [
        DefinitionSpec("TRAQT_DB", help: """
            The database file when --db is not given. Empty: a usage error (64), so that an unset \
            variable in a script never means the default database.
            """),
        DefinitionSpec("XDG_DATA_HOME", help: """
            Without --db or TRAQT_DB, the database is $XDG_DATA_HOME/traqt/traqt.sqlite, when it \
            is an absolute path.
            """),
        DefinitionSpec("HOME", help: """
            Else the database is $HOME/.local/share/traqt/traqt.sqlite. With none of these, \
            traqt exits 78.
            """),
        DefinitionSpec("TRAQT_BUSY_TIMEOUT", help: """
            How many milliseconds a command waits for another process's lock (default 10000) \
            before it exits 75. Not a number of 0 or more: exit 78.
            """),
        DefinitionSpec("TRAQT_PUSH_TOKEN", help: """
            When set and not empty, push applies only envelopes whose auth equals it; anything \
            else exits 77.
            """),
        DefinitionSpec("LISTEN_FDS", help: """
            Set by systemd for socket activation, with LISTEN_PID: serve answers on the sockets \
            it passed (from descriptor 3) instead of --listen.
            """),
        DefinitionSpec("LISTEN_PID", help: "The process LISTEN_FDS is meant for: serve uses them only when it is its own."),
        DefinitionSpec("TRAQT_PUSH_AUTHORIZATION", help: """
            'bearer TOKEN' (as an HTTP relay passes it on): with TRAQT_PUSH_TOKEN set, push \
            applies any document, raw APNs payloads included, when TOKEN equals it; a wrong \
            one exits 77.
            """),
        DefinitionSpec("TZ", help: """
            The local zone that times are read and shown in; unset, the system's (/etc/localtime). \
            export --format ics names the calendar's zone after it.
            """),
        DefinitionSpec("TZDIR", help: """
            Where export --format ics finds the zone names TZ may be a path into (default \
            /usr/share/zoneinfo).
            """),
        DefinitionSpec("NO_COLOR", help: "When set and not empty, no colour. Colour is only ever used on a terminal."),
        DefinitionSpec("TERM", help: "When dumb, no colour."),
        DefinitionSpec("COLUMNS", help: """
            When a positive number, the width that summary --week fits its grid to; else the \
            terminal's width, or 16 columns a cell when piped.
            """),
        DefinitionSpec("PATH", help: "Where due --exec looks for its command."),
    ]
}
