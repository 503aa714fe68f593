import Testing
@testable import ArgumentParsing

/// A tool with a hidden command, value completions, and the environment and
/// exit statuses it documents.
enum Documented {
    static let spec = ToolSpec(
        name: "doc", version: "2",
        abstract: "A documented tool.",
        globalOptions: [OptionSpec("db", .value(name: "path"), completion: .files, help: "The database file.")],
        commands: [
            CommandSpec(
                "add", abstract: "Add one.",
                arguments: [ArgumentSpec("name", help: "Its name.")],
                options: [
                    OptionSpec("days", .value(name: "days"), completion: .list(["mon", "tue", "mask:"], separator: ","),
                               help: "Which days: names. More here."),
                    OptionSpec("format", .value(name: "format"), completion: .words(["json", "ics"]), help: "The format."),
                    OptionSpec("id", .value(name: "id"), completion: .dynamic(["__words", "ids"]), help: "The id."),
                    OptionSpec("quiet", short: "q", help: "Say nothing."),
                ]),
            CommandSpec(
                "clock", abstract: "Run clocks.",
                subcommands: [
                    CommandSpec("start", abstract: "Start a clock.",
                                arguments: [ArgumentSpec("id", optional: true, completion: .dynamic(["__words", "ids"]), help: "The clock.")],
                                options: [OptionSpec("exec", .remainder(name: "command"), help: "Run this.")]),
                    CommandSpec("stop", abstract: "Stop clocks.",
                                arguments: [ArgumentSpec("id", repeating: true, completion: .dynamic(["__words", "ids", "--live"]),
                                                         help: "The clocks.")]),
                    CommandSpec("__secret", hidden: true, abstract: "Not shown."),
                ]),
            CommandSpec("__words", hidden: true, abstract: "List words.",
                        arguments: [ArgumentSpec("what", help: "ids.")],
                        options: [OptionSpec("live", help: "Live ones.")]),
        ],
        environment: [
            DefinitionSpec("DOC_DB", help: "The database file."),
            DefinitionSpec("TZ", help: "The local zone."),
        ],
        exitStatuses: [ExitStatusSpec(0, "success"), ExitStatusSpec(64, "usage")])
}

@Suite("The table: hidden commands, completions, environment and exit statuses")
struct ToolReferenceTests {
    let formatter = HelpFormatter(tool: Documented.spec)

    @Test("A hidden command runs like any other")
    func hiddenRuns() throws {
        let parser = CommandLineParser(tool: Documented.spec)
        #expect(try parser.parse(["__words", "ids", "--live"]) == .run(
            command: "__words", arguments: ParsedArguments(positionals: ["ids"], options: ["live": []])))
        #expect(try parser.parse(["clock", "__secret"]) == .run(command: "clock __secret", arguments: ParsedArguments()))
    }

    @Test("A hidden command is left out of help and of suggestions")
    func hiddenInvisible() throws {
        #expect(!formatter.toolHelp().contains("__words"))
        #expect(!formatter.help(for: try #require(Documented.spec.command(named: "clock"))).contains("__secret"))
        #expect(Documented.spec.visibleCommands.map(\.name) == ["add", "clock"])
        let error = #expect(throws: UsageError.self) { try CommandLineParser(tool: Documented.spec).parse(["__word"]) }
        #expect(error?.message == "Unknown command '__word'")
    }

    @Test("The tool's help ends with ENVIRONMENT and EXIT STATUS, one row each")
    func referenceSections() {
        let text = formatter.toolHelp()
        #expect(text.hasSuffix("""

            ENVIRONMENT:
              DOC_DB                    The database file.
              TZ                        The local zone.

            EXIT STATUS:
              0                         success
              64                        usage

            """))
        // A command's help does not repeat them.
        #expect(!formatter.help(for: Documented.spec.commands[0]).contains("ENVIRONMENT:"))
    }

    @Test("Without environment or exit statuses, the sections are left out")
    func noReferenceSections() {
        let text = HelpFormatter(tool: Demo.spec).toolHelp()
        #expect(!text.contains("ENVIRONMENT:"))
        #expect(!text.contains("EXIT STATUS:"))
    }

    @Test("Which argument a positional fills, a repeating last one taking the rest")
    func argumentAtIndex() throws {
        let stop = try #require(Documented.spec.command(atPath: "clock stop"))
        #expect(stop.argument(at: 0)?.name == "id")
        #expect(stop.argument(at: 5)?.name == "id")
        let start = try #require(Documented.spec.command(atPath: "clock start"))
        #expect(start.argument(at: 0)?.name == "id")
        #expect(start.argument(at: 1) == nil)
    }

    @Test("Options and arguments keep what their values complete to")
    func completionsKept() throws {
        let add = try #require(Documented.spec.command(named: "add"))
        #expect(add.options[0].completion == .list(["mon", "tue", "mask:"], separator: ","))
        #expect(add.options[3].completion == nil)
        #expect(Documented.spec.globalOptions[0].completion == .files)
        #expect(add.arguments[0].completion == nil)
    }

    @Test("Shells show the first clause of a help text", arguments: [
        ("The database file.", "The database file"),
        ("Which days: names. More here.", "Which days"),
        ("Time of day; 24-hour.", "Time of day"),
        ("Monday ... Sunday. Then more.", "Monday ... Sunday"),
        ("Use e.g. 90s. Or not.", "Use e.g. 90s"),
        ("One line\nthen the next. Done.", "One line then the next"),
        ("No stop at all", "No stop at all"),
        ("Ends in dots...", "Ends in dots..."),
        ("--json:x is one word", "--json:x is one word"),
    ])
    func clauses(text: String, clause: String) {
        #expect(firstClause(text) == clause)
    }
}
