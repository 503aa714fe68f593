import ArgumentParsing

/// One subcommand: its spec (for parsing and help) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ context: Context) throws
}

/// Options several commands share, defined once.
enum CommonOptions {
    static let json = OptionSpec("json", help: "Print JSON instead of text (see README, 'JSON').")
    static let now = OptionSpec(
        "now", .value(name: "datetime"),
        help: "Use this local time instead of the clock: YYYY-MM-DDTHH:MM[:SS].")
    /// For commands that work with instants: an offset tells apart the two 01:30s
    /// of a fall-back night.
    static let nowInstant = OptionSpec(
        "now", .value(name: "datetime"),
        help: "Use this time instead of the clock: YYYY-MM-DDTHH:MM[:SS], local, or with a UTC offset (Z, -04:00).")
    static let quiet = OptionSpec(
        "quiet", short: "q", help: "Print nothing when nothing is pending (so cron sends no mail).")
}
