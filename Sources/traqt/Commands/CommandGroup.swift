import ArgumentParsing

/// A command whose next word names one of its subcommands (`live start`). Its
/// spec lists theirs, so that parsing, help and usage come from one table; the
/// parser never runs a group by itself.
protocol CommandGroup: Command {
    static var subcommands: [any Command.Type] { get }
}

extension CommandGroup {
    /// Unreachable: a group without a subcommand is a usage error.
    static func run(_ context: Context) throws {}
}
