import ArgumentParsing

/// A command whose next word names one of its subcommands (`live start`). Its
/// spec lists theirs, so that parsing, help and usage come from one table.
protocol CommandGroup: Command {
    static var subcommands: [any Command.Type] { get }
}

extension CommandGroup {
    /// Runs the subcommand the parsed path names (`live start` for `live`, and
    /// `create` for the `channel` of `live channel create`): the parser only
    /// hands a group a path that goes on below it. Dispatch through `run` needs
    /// no dynamic cast, which would cost start-up time.
    static func run(_ context: Context) throws {
        let words = context.command.split(separator: " ")
        let name = words[words.firstIndex { $0 == spec.name }! + 1]
        try subcommands.first { $0.spec.name == name }!.run(context)
    }
}
