import ArgumentParsing

/// A small tool shaped like traqt, with one of each kind of option and argument.
enum Demo {
    static let spec = ToolSpec(
        name: "demo", version: "1.2.3",
        abstract: "A demonstration tool.",
        discussion: "Runs the 'list' command when none is named.",
        globalOptions: [
            OptionSpec("db", .value(name: "path"), help: "The database file."),
            OptionSpec("verbose", short: "v", help: "Say more."),
        ],
        commands: [
            CommandSpec(
                "add", abstract: "Add an activity.",
                discussion: "Adds or replaces one activity.",
                arguments: [ArgumentSpec("name", help: "What to do.")],
                options: [
                    OptionSpec("days", short: "d", .value(name: "days"), required: true, help: "Which days."),
                    OptionSpec("at", .value(name: "time"), required: true, help: "Time of day."),
                    OptionSpec("id", .value(name: "id"), help: "The id to use."),
                    OptionSpec("json", help: "Print JSON."),
                ],
                examples: ["demo add Walk --days daily --at 7:30"]),
            CommandSpec(
                "remove", abstract: "Remove activities.",
                arguments: [ArgumentSpec("id", repeating: true, help: "The ids to remove.")]),
            CommandSpec(
                "list", abstract: "List activities.",
                options: [
                    OptionSpec("json", help: "Print JSON."),
                    OptionSpec("limit", .value(name: "count"), help: "At most this many."),
                ]),
            CommandSpec(
                "today", abstract: "Show what is pending today.",
                options: [
                    OptionSpec("now", .value(name: "time"), help: "Pretend it is this time."),
                    OptionSpec("exec", .remainder(name: "command"), help: "Run a command for each activity."),
                ]),
            CommandSpec(
                "show", abstract: "Show one activity or all.",
                arguments: [ArgumentSpec("id", optional: true, help: "The activity to show.")]),
            CommandSpec(
                "tag", abstract: "Tag activities.",
                arguments: [
                    ArgumentSpec("tag", help: "The tag."),
                    ArgumentSpec("id", optional: true, repeating: true, help: "The ids to tag."),
                ]),
        ])

    static let parser = CommandLineParser(tool: spec)
    static let parserWithDefault = CommandLineParser(tool: spec, defaultCommand: "list")
}

/// Parses `words` with the demo tool (no default command).
func parse(_ words: String...) throws(UsageError) -> Invocation {
    try Demo.parser.parse(words)
}

/// The arguments of a `.run` invocation, or nil for help and version.
func arguments(_ invocation: Invocation) -> ParsedArguments? {
    guard case let .run(_, arguments) = invocation else { return nil }
    return arguments
}
