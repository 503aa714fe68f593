import ArgumentParsing
import TraqtCore

/// The exit statuses traqt documents, in one list that the tool's help, the
/// manual and the test of docs/exit-codes.md's table all read (through `Tool.documented`).
enum ExitStatuses {
    static let all: [ExitStatusSpec] = [
        ExitStatusSpec(ExitCode.success.rawValue, "success"),
        ExitStatusSpec(ExitCode.commandFailed.rawValue,
                       "due: an --exec command failed (the reminder is recorded as failed)"),
        ExitStatusSpec(ExitCode.usage.rawValue, """
            usage: unknown command or option, bad --days/--at/--now/--date (or a date outside \
            1970-01-01 … 9999-12-31), missing argument, an empty --db or TRAQT_DB or one that is \
            neither a path nor a postgresql:// URI (a file: URI, postgres: without //, another \
            SCHEME://, a libpq key=value string), an argument that is not valid UTF-8, an API \
            token name, scope or topic that is not one (token add)
            """),
        ExitStatusSpec(ExitCode.dataError.rawValue, """
            bad data: an invalid import record or push notification (the message names its 0-based \
            index and the field), an unknown id, an id made from a name that belongs to another \
            activity, a new id (edit --new-id) that another activity has, an API token name \
            already taken or unknown to token revoke, a day marked done or \
            skipped that due has already decided or that is not among the activity's days, a live \
            activity's JSON over 4096 bytes, a file that is not a traqt database or \
            is damaged, a row another program wrote that traqt cannot read (days or time out of \
            range, milliseconds for seconds, an id or name that is not UTF-8, holds NUL, is blank or \
            is over its limit: the message names it), a trigger or rule another program put on \
            traqt's tables, a write refused by what another program added to the schema (a \
            constraint, an index, a dropped table)
            """),
        ExitStatusSpec(ExitCode.noInput.rawValue, "the input file is missing"),
        ExitStatusSpec(ExitCode.unavailable.rawValue, """
            the database server cannot be reached (refused, unknown host, no such database), or this \
            traqt was built without PostgreSQL and the location names one
            """),
        ExitStatusSpec(ExitCode.internalError.rawValue,
                       "internal error: a bug in traqt, or a broken installation (the message says what failed)"),
        ExitStatusSpec(ExitCode.cannotCreate.rawValue, """
            the database cannot be created, or export refused its target: a link of another user's \
            or in a folder others may write, another user's FIFO or device, the database's own files
            """),
        ExitStatusSpec(ExitCode.ioError.rawValue, """
            I/O error (including a full disk while writing output, and a connection to the server lost \
            mid-command), or a database path that is not a regular file (a device, a FIFO, a folder)
            """),
        ExitStatusSpec(ExitCode.temporaryFailure.rawValue,
                       "the database is still locked after the busy timeout: retry later"),
        ExitStatusSpec(ExitCode.permissionDenied.rawValue, """
            permission denied (or a push without the right TRAQT_PUSH_TOKEN, or a login the server \
            refused), or a file traqt does not trust: a journal, -wal or -shm beside the database that \
            is a link, not a regular file, or another user's; a write in a folder others may write
            """),
        ExitStatusSpec(ExitCode.configuration.rawValue, """
            configuration: the database's schema is newer than this binary, TRAQT_BUSY_TIMEOUT is \
            not a number, or there is no database location at all (no --db, TRAQT_DB, XDG_DATA_HOME \
            or HOME, as under env -i)
            """),
        ExitStatusSpec(129, "due --exec stopped by SIGHUP (as a shell reports it), after its running command's outcome was recorded"),
        ExitStatusSpec(130, "due --exec stopped by SIGINT, likewise"),
        ExitStatusSpec(ExitCode.brokenPipe.rawValue,
                       "the reader of standard output went away (as a shell reports SIGPIPE); nothing is printed"),
        ExitStatusSpec(143, "due --exec stopped by SIGTERM, likewise"),
    ]
}
