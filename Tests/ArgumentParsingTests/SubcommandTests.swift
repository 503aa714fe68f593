import Testing
@testable import ArgumentParsing

/// A tool with a group of subcommands (`clock start`, `clock stop`) beside plain
/// commands, and a group inside a group (`clock lap show`).
private enum Nested {
    static let spec = ToolSpec(
        name: "demo", version: "1",
        abstract: "A tool with subcommands.",
        globalOptions: [OptionSpec("db", .value(name: "path"), help: "The database file.")],
        commands: [
            CommandSpec("list", abstract: "List things.", options: [OptionSpec("json", help: "Print JSON.")]),
            CommandSpec(
                "clock", abstract: "Run clocks.",
                discussion: "Clocks run on their own.",
                subcommands: [
                    CommandSpec(
                        "start", abstract: "Start a clock.",
                        arguments: [ArgumentSpec("id", optional: true, help: "The clock.")],
                        options: [OptionSpec("now", .value(name: "datetime"), help: "Pretend it is then.")]),
                    CommandSpec(
                        "stop", abstract: "Stop clocks.",
                        arguments: [ArgumentSpec("id", repeating: true, help: "The clocks.")]),
                    CommandSpec(
                        "lap", abstract: "Laps.",
                        subcommands: [CommandSpec("show", abstract: "Show laps.")]),
                ]),
        ])

    static let parser = CommandLineParser(tool: spec)
}

private func parseNested(_ words: String...) throws(UsageError) -> Invocation {
    try Nested.parser.parse(words)
}

private func nestedUsageError(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> UsageError {
    let error = #expect(throws: UsageError.self, sourceLocation: sourceLocation) { try Nested.parser.parse(words) }
    return try #require(error, sourceLocation: sourceLocation)
}

@Suite("CommandLineParser: subcommands")
struct SubcommandTests {
    @Test("A subcommand runs under its path, with its own arguments and options")
    func run() throws {
        #expect(try parseNested("clock", "start", "tea", "--now", "2026-11-30T07:00")
            == .run(command: "clock start", arguments: ParsedArguments(
                positionals: ["tea"], options: ["now": ["2026-11-30T07:00"]])))
        #expect(try parseNested("clock", "stop", "a", "b") == .run(command: "clock stop",
                                                            arguments: ParsedArguments(positionals: ["a", "b"])))
        #expect(try parseNested("clock", "lap", "show") == .run(command: "clock lap show", arguments: ParsedArguments()))
    }

    @Test("Global options work before the group, between group and subcommand, and after")
    func globalOptions() throws {
        let expected = Invocation.run(command: "clock start", arguments: ParsedArguments(options: ["db": ["x"]]))
        #expect(try parseNested("--db", "x", "clock", "start") == expected)
        #expect(try parseNested("clock", "--db", "x", "start") == expected)
        #expect(try parseNested("clock", "--db=x", "start") == expected)
        #expect(try parseNested("clock", "start", "--db", "x") == expected)
    }

    @Test("A group alone asks for its subcommand")
    func missingSubcommand() throws {
        let error = try nestedUsageError("clock")
        #expect(error.message == "Missing expected argument '<subcommand>'")
        #expect(error.command == "clock")
        #expect(try nestedUsageError("clock", "lap").command == "clock lap")
    }

    @Test("An unknown subcommand suggests the closest one and names its group", arguments: [
        (["clock", "strat"], "Unknown subcommand 'strat'. Did you mean 'start'?", "clock"),
        (["clock", "stpo", "a"], "Unknown subcommand 'stpo'. Did you mean 'stop'?", "clock"),
        (["clock", "frobnicate"], "Unknown subcommand 'frobnicate'", "clock"),
        (["clock", "lap", "shwo"], "Unknown subcommand 'shwo'. Did you mean 'show'?", "clock lap"),
        (["help", "clock", "strat"], "Unknown subcommand 'strat'. Did you mean 'start'?", "clock"),
    ] as [([String], String, String)])
    func unknownSubcommand(words: [String], message: String, command: String) {
        let error = #expect(throws: UsageError.self) { try Nested.parser.parse(words) }
        #expect(error?.message == message)
        #expect(error?.command == command)
    }

    @Test("An unknown option before the subcommand names the group; after it, the subcommand")
    func unknownOption() throws {
        let before = try nestedUsageError("clock", "--jsno", "start")
        #expect(before.message == "Unknown option '--jsno'")
        #expect(before.command == "clock")
        let after = try nestedUsageError("clock", "start", "--nwo", "x")
        #expect(after.message == "Unknown option '--nwo'. Did you mean '--now'?")
        #expect(after.command == "clock start")
    }

    @Test("Validation errors of a subcommand name its path")
    func validation() throws {
        let missing = try nestedUsageError("clock", "stop")
        #expect(missing.message == "Missing expected argument '<id> ...'")
        #expect(missing.command == "clock stop")
        let extra = try nestedUsageError("clock", "start", "a", "b")
        #expect(extra.message == "Unexpected argument 'b'")
        #expect(extra.command == "clock start")
    }

    @Test("Help for a group or a subcommand, however it is asked for", arguments: [
        (["clock", "--help"], "clock"),
        (["clock", "-h"], "clock"),
        (["help", "clock"], "clock"),
        (["--help", "clock"], "clock"),
        (["clock", "start", "--help"], "clock start"),
        (["clock", "start", "-h", "--bogus"], "clock start"),
        (["clock", "--help", "start"], "clock start"),
        (["help", "clock", "start"], "clock start"),
        (["--help", "clock", "start"], "clock start"),
        (["--help", "clock", "nothing"], "clock"),
        (["help", "clock", "lap", "show"], "clock lap show"),
        (["clock", "lap", "show", "--help"], "clock lap show"),
    ] as [([String], String)])
    func help(words: [String], command: String) throws {
        #expect(try Nested.parser.parse(words) == .help(command: command))
    }

    @Test("'help' refuses words after a command that has no subcommands")
    func helpExtraWords() throws {
        let error = try nestedUsageError("help", "clock", "start", "extra")
        #expect(error.message == "Unexpected argument 'extra'")
        #expect(error.command == nil)
        #expect(try nestedUsageError("help", "list", "start").message == "Unexpected argument 'start'")
    }

    @Test("ToolSpec finds a command by its path; CommandSpec knows its path")
    func lookup() throws {
        #expect(Nested.spec.command(atPath: "clock start")?.abstract == "Start a clock.")
        #expect(Nested.spec.command(atPath: "clock lap show")?.path == "clock lap show")
        #expect(Nested.spec.command(atPath: "list")?.path == "list")
        #expect(Nested.spec.command(atPath: "clock strat") == nil)
        #expect(Nested.spec.command(atPath: "start") == nil)
        // A top-level lookup does not read a path.
        #expect(Nested.spec.command(named: "clock start") == nil)
        let clock = try #require(Nested.spec.command(named: "clock"))
        #expect(clock.isGroup)
        #expect(clock.subcommands.map(\.path) == ["clock start", "clock stop", "clock lap"])
    }

    @Test("Usage lines of a group and of a subcommand")
    func usage() throws {
        let formatter = HelpFormatter(tool: Nested.spec)
        #expect(formatter.usage(for: try #require(Nested.spec.command(atPath: "clock"))) == "demo clock <subcommand>")
        #expect(formatter.usage(for: try #require(Nested.spec.command(atPath: "clock start")))
            == "demo clock start [<id>] [--now <datetime>]")
        #expect(formatter.usage(for: try #require(Nested.spec.command(atPath: "clock lap show")))
            == "demo clock lap show")
    }

    @Test("A group's help lists its subcommands and says where to read more")
    func groupHelp() throws {
        let formatter = HelpFormatter(tool: Nested.spec)
        #expect(formatter.help(for: try #require(Nested.spec.command(atPath: "clock"))) == """
            OVERVIEW: Run clocks.

            Clocks run on their own.

            USAGE: demo clock <subcommand>

            OPTIONS:
              --db <path>               The database file.
              -h, --help                Show help information.

            SUBCOMMANDS:
              start                     Start a clock.
              stop                      Stop clocks.
              lap                       Laps.

              See 'demo help clock <subcommand>' for detailed help.

            """)
    }

    @Test("A subcommand's help shows its full path; the tool's help lists the group")
    func subcommandHelp() throws {
        let formatter = HelpFormatter(tool: Nested.spec)
        let text = formatter.help(for: try #require(Nested.spec.command(atPath: "clock start")))
        #expect(text.hasPrefix("OVERVIEW: Start a clock.\n\nUSAGE: demo clock start [<id>] [--now <datetime>]\n"))
        #expect(!text.contains("SUBCOMMANDS:"))
        #expect(formatter.toolHelp().contains("\n  clock                     Run clocks.\n"))
    }
}
