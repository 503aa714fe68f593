import Testing

/// Help is on standard output with exit 0, the same however it is asked for.
@Suite("help and version")
struct HelpTests {
    static let commands = ["add", "edit", "remove", "list", "today", "done", "undone", "skip", "unskip",
                           "export", "import", "due", "summary", "live", "push", "completions", "man"]

    @Test("every command has help in the usual sections", arguments: commands)
    func commandHelp(command: String) throws {
        let viaFlag = try InProcessTraqt.run([command, "--help"], database: nil)
        #expect(viaFlag.status == 0)
        #expect(viaFlag.stderr.isEmpty)
        #expect(viaFlag.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaFlag.stdout.contains("\nUSAGE: traqt \(command)"))
        #expect(viaFlag.stdout.contains("\nOPTIONS:\n"))
        #expect(viaFlag.stdout.contains("--db <path>"))
        #expect(viaFlag.stdout.contains("-h, --help"))
        // `help add`, `--help add`, `add -h` and `add --help` print the same text.
        #expect(try InProcessTraqt.run(["help", command], database: nil).stdout == viaFlag.stdout)
        #expect(try InProcessTraqt.run(["--help", command], database: nil).stdout == viaFlag.stdout)
        #expect(try InProcessTraqt.run([command, "-h"], database: nil).stdout == viaFlag.stdout)
        // Help wins over a command line that would otherwise be wrong.
        #expect(try InProcessTraqt.run([command, "--help", "--bogus"], database: nil).status == 0)
    }

    @Test("help stands alone: no pointer to the README or to other text", arguments: [nil] + commands.map(Optional.some))
    func standsAlone(command: String?) throws {
        let help = try InProcessTraqt.run((command.map { [$0] } ?? []) + ["--help"], database: nil).stdout
        for pointer in ["README", "see above", "see below"] {
            #expect(!help.lowercased().contains(pointer.lowercased()), "\(command ?? "traqt") --help points to \(pointer)")
        }
        // Where the database is and how long a command waits for a lock are said wherever --db is.
        #expect(help.contains("TRAQT_DB"))
        #expect(help.contains("TRAQT_BUSY_TIMEOUT"))
    }

    @Test("every command whose output can be coloured says when it is", arguments: [
        "list", "today", "due", "summary", "live list", "watch",
    ])
    func colourSaid(command: String) throws {
        let help = try InProcessTraqt.run(command.split(separator: " ").map(String.init) + ["--help"], database: nil).stdout
        // The help is wrapped: compare its words.
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains("Colour (bold headings, cyan times) only when standard output is a terminal: never in a pipe or a file, nor with NO_COLOR set and not empty, nor with TERM=dumb."), "\(help)")
    }

    @Test("the tool's help lists every command")
    func toolHelp() throws {
        let help = try InProcessTraqt.run(["--help"], database: nil)
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS:"))
        for command in Self.commands { #expect(help.stdout.contains("\n  \(command) ")) }
        #expect(try InProcessTraqt.run(["help"], database: nil).stdout == help.stdout)
        #expect(try InProcessTraqt.run(["-h"], database: nil).stdout == help.stdout)
    }

    @Test("help with words after the command is a usage error")
    func helpExtraWords() throws {
        let result = try InProcessTraqt.run(["help", "add", "extra"], database: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unexpected argument 'extra'"))
        #expect(result.stdout.isEmpty)
    }

    @Test("help for an unknown command is a usage error")
    func unknownHelp() throws {
        let result = try InProcessTraqt.run(["help", "ad"], database: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown command 'ad'. Did you mean 'add'?"))
        #expect(result.stdout.isEmpty)
    }
}
