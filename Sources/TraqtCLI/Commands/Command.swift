import ArgumentParsing

/// One subcommand: its spec (for parsing and help) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ context: Context) throws
}

/// Options several commands share, defined once.
enum CommonOptions {
    /// `--db`, which every command accepts: the tool's one global option.
    static let db = OptionSpec("db", .value(name: "path"), completion: .files, help: """
        The database: a SQLite file, or a PostgreSQL URI (postgresql://user@host/db; \
        passwords from ~/.pgpass or PGPASSFILE) in a build with PostgreSQL; default \
        $TRAQT_DB, else ${XDG_DATA_HOME:-~/.local/share}/traqt/traqt.sqlite. Any number of \
        processes may use it at once; one waits up to TRAQT_BUSY_TIMEOUT milliseconds \
        (default 10000) for another's lock, then exits 75.
        """)
    static let json = OptionSpec("json", help: "Print a JSON array instead of text: one object per activity with id, name, daysOfWeek (bit 0 = Sunday), timeOfDay (minutes), days, time, createdAt, updatedAt.")
    /// One `--now` for every command, read by `Context.now()`.
    static let now = OptionSpec(
        "now", .value(name: "datetime"),
        help: "Use this time instead of the clock: YYYY-MM-DDTHH:MM[:SS] in the local zone (TZ), optionally with a UTC offset (Z, -04:00, +0100) that tells apart the two 01:30s of a fall-back night; or HH:MM for that time today. From 1970-01-01 to 9999-12-31.")
    /// How a command whose text output is coloured says when, as `Context.useColor` decides.
    static let colorNote = """
        Colour (bold headings, cyan times) only when standard output is a terminal: never \
        in a pipe or a file, nor with NO_COLOR set and not empty, nor with TERM=dumb.
        """
    /// What `--days` takes, in add and edit.
    static let daysHelp = """
        Weekdays, separated by commas: names (mon, Monday, ...), cron's day numbers \
        (0 or 7 = Sunday, 1 = Monday ... 6 = Saturday), ranges (mon-fri, fri-mon, 1-5), \
        daily (or *), weekdays, weekend(s); or the bit mask as mask:N (1...127, bit 0 = \
        Sunday: mask:62 is weekdays). A bare number is a cron day number, not a mask.
        """
    /// What `--at` takes, in add and edit.
    static let timeHelp = "Time of day: HH:MM (24-hour), 7 (07:00), 0730, 9am, 2:30pm, 7pm, noon, midnight."
    static let quiet = OptionSpec(
        "quiet", short: "q", help: "Print nothing when nothing is pending (so cron sends no mail).")
}
