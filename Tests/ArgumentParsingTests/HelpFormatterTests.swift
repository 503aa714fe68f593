import Testing
@testable import ArgumentParsing

@Suite("HelpFormatter: usage lines and help text")
struct HelpFormatterTests {
    let formatter = HelpFormatter(tool: Demo.spec)

    private func command(_ name: String) throws -> CommandSpec {
        try #require(Demo.spec.command(named: name))
    }

    @Test("Usage lines show arguments, then required options bare and optional ones in brackets", arguments: [
        ("add", "demo add <name> --days <days> --at <time> [--id <id>] [--json]"),
        ("remove", "demo remove <id> ..."),
        ("list", "demo list [--json] [--limit <count>]"),
        ("today", "demo today [--now <time>] [--exec <command> ...]"),
        ("show", "demo show [<id>]"),
        ("tag", "demo tag <tag> [<id> ...]"),
    ])
    func usage(name: String, usage: String) throws {
        #expect(formatter.usage(for: try command(name)) == usage)
    }

    @Test("The tool's usage line lists its own global options")
    func toolUsage() {
        #expect(formatter.toolUsage() == "demo [--db <path>] [--verbose] <command> [<options>]")
        let bare = ToolSpec(name: "bare", version: "1", abstract: "Bare.", globalOptions: [],
                            commands: [CommandSpec("run", abstract: "Run.")])
        #expect(HelpFormatter(tool: bare).toolUsage() == "bare <command> [<options>]")
    }

    @Test("A command's help has OVERVIEW, discussion, USAGE, ARGUMENTS, OPTIONS and EXAMPLES, aligned")
    func commandHelp() throws {
        #expect(formatter.help(for: try command("add")) == """
            OVERVIEW: Add an activity.

            Adds or replaces one activity.

            USAGE: demo add <name> --days <days> --at <time> [--id <id>] [--json]

            ARGUMENTS:
              <name>                    What to do.

            OPTIONS:
              -d, --days <days>         Which days.
              --at <time>               Time of day.
              --id <id>                 The id to use.
              --json                    Print JSON.
              --db <path>               The database file.
              -v, --verbose             Say more.
              -h, --help                Show help information.

            EXAMPLES:
              demo add Walk --days daily --at 7:30

            """)
    }

    @Test("Sections a command does not need are left out")
    func minimalCommandHelp() throws {
        let text = formatter.help(for: try command("list"))
        #expect(text == """
            OVERVIEW: List activities.

            USAGE: demo list [--json] [--limit <count>]

            OPTIONS:
              --json                    Print JSON.
              --limit <count>           At most this many.
              --db <path>               The database file.
              -v, --verbose             Say more.
              -h, --help                Show help information.

            """)
        #expect(!text.contains("ARGUMENTS:"))
        #expect(!text.contains("EXAMPLES:"))
    }

    @Test("Repeating arguments are listed with an ellipsis")
    func repeatingArgumentRow() throws {
        let text = formatter.help(for: try command("tag"))
        #expect(text.contains("\nARGUMENTS:\n  <tag>                     The tag.\n  <id> ...                  The ids to tag.\n"))
    }

    @Test("The tool's help lists global options, --version, -h and every subcommand with help")
    func toolHelp() {
        #expect(formatter.toolHelp() == """
            OVERVIEW: A demonstration tool.

            Runs the 'list' command when none is named.

            USAGE: demo [--db <path>] [--verbose] <command> [<options>]

            OPTIONS:
              --db <path>               The database file.
              -v, --verbose             Say more.
              --version                 Show the version.
              -h, --help                Show help information.

            SUBCOMMANDS:
              add                       Add an activity.
              remove                    Remove activities.
              list                      List activities.
              today                     Show what is pending today.
              show                      Show one activity or all.
              tag                       Tag activities.
              help                      Show help for a command.

              See 'demo help <subcommand>' for detailed help.

            """)
    }

    @Test("Every section header of the tool's help is present once, in order")
    func sectionOrder() {
        let text = formatter.toolHelp()
        let headers = ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"]
        let offsets = headers.map { header in text.ranges(of: header).map(\.lowerBound) }
        #expect(offsets.allSatisfy { $0.count == 1 })
        let firsts = offsets.compactMap(\.first)
        #expect(firsts == firsts.sorted())
    }

    @Test("Long help wraps under its column and long labels push help to the next line")
    func wrapping() throws {
        let longHelp = "This option has a long explanation that cannot fit on one line of a terminal "
            + "that is eighty columns wide, so it wraps."
        let tool = ToolSpec(
            name: "wide", version: "1", abstract: "Wide.", globalOptions: [],
            commands: [CommandSpec("run", abstract: "Run.", options: [
                OptionSpec("explain", .value(name: "text"), help: longHelp),
                OptionSpec("a-very-long-option-name", .value(name: "value"), help: "Short help."),
            ])])
        let text = HelpFormatter(tool: tool).help(for: try #require(tool.command(named: "run")))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        let first = try #require(lines.firstIndex { $0.hasPrefix("  --explain <text>") })
        #expect(lines[first] == "  --explain <text>          This option has a long explanation that cannot fit")
        #expect(lines[first + 1] == String(repeating: " ", count: 28) + "on one line of a terminal that is eighty columns")
        #expect(lines[first + 2] == String(repeating: " ", count: 28) + "wide, so it wraps.")
        #expect(lines.allSatisfy { $0.count <= 78 })

        let long = try #require(lines.firstIndex { $0.hasPrefix("  --a-very-long-option-name") })
        #expect(lines[long] == "  --a-very-long-option-name <value>")
        #expect(lines[long + 1] == String(repeating: " ", count: 28) + "Short help.")
    }

    @Test("wrap splits at spaces, keeps line breaks and never splits a word", arguments: [
        ("", 10, [""]),
        ("a b c", 3, ["a b", "c"]),
        ("a b c", 5, ["a b c"]),
        ("a  b", 10, ["a b"]),
        ("one\ntwo", 80, ["one", "two"]),
        ("one\n\ntwo", 80, ["one", "", "two"]),
        ("averyveryverylongword x", 5, ["averyveryverylongword", "x"]),
        ("x averyveryverylongword", 5, ["x", "averyveryverylongword"]),
    ] as [(String, Int, [String])])
    func wrapText(text: String, width: Int, lines: [String]) {
        #expect(wrap(text, width: width) == lines)
    }

    @Test("Synopses of options and arguments")
    func synopses() {
        #expect(OptionSpec("json", help: "").synopsis == "--json")
        #expect(OptionSpec("at", .value(name: "time"), help: "").synopsis == "--at <time>")
        #expect(OptionSpec("exec", .remainder(name: "command"), help: "").synopsis == "--exec <command> ...")
        #expect(ArgumentSpec("id", help: "").synopsis == "<id>")
        #expect(ArgumentSpec("id", optional: true, help: "").synopsis == "[<id>]")
        #expect(ArgumentSpec("id", repeating: true, help: "").synopsis == "<id> ...")
        #expect(ArgumentSpec("id", optional: true, repeating: true, help: "").synopsis == "[<id> ...]")
    }

    @Test("ToolSpec finds commands by exact name")
    func commandLookup() {
        #expect(Demo.spec.command(named: "add")?.abstract == "Add an activity.")
        #expect(Demo.spec.command(named: "Add") == nil)
        #expect(Demo.spec.command(named: "help") == nil)
    }
}
