import Testing
@testable import ArgumentParsing

/// The UsageError that parsing `words` with the demo tool throws.
private func usageError(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> UsageError {
    let error = #expect(throws: UsageError.self, sourceLocation: sourceLocation) { try Demo.parser.parse(words) }
    return try #require(error, sourceLocation: sourceLocation)
}

@Suite("CommandLineParser: commands, options and arguments")
struct CommandLineParserTests {
    // MARK: - Commands and positionals

    @Test("A command with its required argument and options")
    func simpleRun() throws {
        let invocation = try parse("add", "Walk the dog", "--days", "mon,wed", "--at", "7:30")
        #expect(invocation == .run(command: "add", arguments: ParsedArguments(
            positionals: ["Walk the dog"], options: ["days": ["mon,wed"], "at": ["7:30"]])))
    }

    @Test("Options and positionals may come in any order after the command")
    func anyOrder() throws {
        let a = try parse("add", "--at", "7:30", "Walk", "--days", "mon")
        let b = try parse("add", "--days", "mon", "--at", "7:30", "Walk")
        #expect(a == b)
        #expect(arguments(a)?.positionals == ["Walk"])
    }

    @Test("A repeating argument takes every positional")
    func repeating() throws {
        #expect(arguments(try parse("remove", "a", "b", "c"))?.positionals == ["a", "b", "c"])
        #expect(arguments(try parse("remove", "a"))?.positionals == ["a"])
        #expect(arguments(try parse("remove", "a", "--verbose", "b"))?.positionals == ["a", "b"])
    }

    @Test("An optional argument may be left out, but not doubled")
    func optional() throws {
        #expect(arguments(try parse("show"))?.positionals == [])
        #expect(arguments(try parse("show", "walk"))?.positionals == ["walk"])
        let error = try usageError("show", "walk", "run")
        #expect(error.message == "Unexpected argument 'run'")
        #expect(error.command == "show")
    }

    @Test("An optional repeating argument after a required one")
    func optionalRepeating() throws {
        #expect(arguments(try parse("tag", "home"))?.positionals == ["home"])
        #expect(arguments(try parse("tag", "home", "a", "b"))?.positionals == ["home", "a", "b"])
        #expect(try usageError("tag").message == "Missing expected argument '<tag>'")
    }

    @Test("'-' alone is a positional (standard input), not an option")
    func dashIsPositional() throws {
        #expect(arguments(try parse("remove", "-"))?.positionals == ["-"])
        #expect(arguments(try parse("remove", "a", "-", "b"))?.positionals == ["a", "-", "b"])
        #expect(arguments(try parse("add", "-", "--days", "mon", "--at", "7:30"))?.positionals == ["-"])
    }

    @Test("'--' ends the options: later words are positionals even when they start with dashes")
    func doubleDash() throws {
        let invocation = try parse("add", "--days", "mon", "--at", "7:30", "--", "--weird name")
        #expect(arguments(invocation)?.positionals == ["--weird name"])
        let many = try parse("remove", "--", "-a", "--b", "--help", "-h", "--", "c")
        #expect(arguments(many)?.positionals == ["-a", "--b", "--help", "-h", "--", "c"])
        #expect(arguments(many)?.options == [:])
    }

    @Test("'--' before the command ends the global options")
    func doubleDashBeforeCommand() throws {
        #expect(try parse("--db", "x", "--", "list") == .run(command: "list", arguments: ParsedArguments(options: ["db": ["x"]])))
    }

    // MARK: - Global options

    @Test("A global option is accepted before or after the command, with the same result")
    func globalOptionPosition() throws {
        let before = try parse("--db", "/tmp/a.sqlite", "list")
        let after = try parse("list", "--db", "/tmp/a.sqlite")
        let attached = try parse("list", "--db=/tmp/a.sqlite")
        let attachedBefore = try parse("--db=/tmp/a.sqlite", "list")
        let expected = Invocation.run(command: "list", arguments: ParsedArguments(options: ["db": ["/tmp/a.sqlite"]]))
        #expect(before == expected)
        #expect(after == expected)
        #expect(attached == expected)
        #expect(attachedBefore == expected)
    }

    @Test("Short global flags work before and after the command")
    func shortGlobalFlag() throws {
        #expect(arguments(try parse("-v", "list"))?.flag("verbose") == true)
        #expect(arguments(try parse("list", "-v"))?.flag("verbose") == true)
        #expect(arguments(try parse("list", "--verbose"))?.flag("verbose") == true)
        #expect(arguments(try parse("list"))?.flag("verbose") == false)
    }

    @Test("A repeated option keeps every value and the last one wins")
    func repeatedOption() throws {
        let parsed = try #require(arguments(try parse("--db", "a", "list", "--db", "b", "--limit", "1", "--limit=2")))
        #expect(parsed.options["db"] == ["a", "b"])
        #expect(parsed.value("db") == "b")
        #expect(parsed.value("limit") == "2")
        #expect(parsed.value("json") == nil)
    }

    @Test("A command's own options are not accepted before the command")
    func commandOptionBeforeCommand() throws {
        let error = try usageError("--json", "list")
        #expect(error.message.hasPrefix("Unknown option '--json'"))
        #expect(error.command == nil)
    }

    // MARK: - Option values

    @Test("--opt=value and --opt value give the same value, including '=' and spaces in it")
    func attachedValues() throws {
        #expect(arguments(try parse("list", "--limit=5"))?.value("limit") == "5")
        #expect(arguments(try parse("list", "--limit", "5"))?.value("limit") == "5")
        #expect(arguments(try parse("list", "--limit=a=b"))?.value("limit") == "a=b")
        #expect(arguments(try parse("list", "--limit=two words"))?.value("limit") == "two words")
        #expect(arguments(try parse("list", "--limit="))?.value("limit") == "")
    }

    @Test("A value may start with a single dash, or be '-'")
    func dashValues() throws {
        #expect(arguments(try parse("list", "--limit", "-5"))?.value("limit") == "-5")
        #expect(arguments(try parse("list", "--limit", "-"))?.value("limit") == "-")
        #expect(arguments(try parse("add", "x", "-d", "mon", "--at", "-1"))?.value("at") == "-1")
    }

    @Test("Short options take their value from the next word")
    func shortOptionValue() throws {
        let parsed = try #require(arguments(try parse("add", "Walk", "-d", "mon-fri", "--at", "9am")))
        #expect(parsed.value("days") == "mon-fri")
    }

    @Test("A flag given a value is refused", arguments: ["--json=yes", "--json=", "--verbose=1"])
    func flagWithValue(word: String) throws {
        let error = try usageError("list", word)
        let name = String(word.dropFirst(2).prefix { $0 != "=" })
        #expect(error.message == "'--\(name)' does not take a value")
        #expect(error.command == "list")
    }

    @Test("A flag does not take the next word as its value")
    func flagLeavesNextWord() throws {
        let error = try usageError("list", "--json", "yes")
        #expect(error.message == "Unexpected argument 'yes'")
    }

    @Test("A missing value is reported with the option's synopsis", arguments: [
        (["add", "x", "--days", "mon", "--at"], "Missing value for '--at <time>'", "add"),
        (["add", "x", "--at", "--days", "mon"], "Missing value for '--at <time>'", "add"),
        (["add", "x", "--days", "--at", "7"], "Missing value for '--days <days>'", "add"),
        (["add", "x", "-d"], "Missing value for '--days <days>'", "add"),
        (["list", "--limit", "--json"], "Missing value for '--limit <count>'", "list"),
        (["list", "--limit", "--"], "Missing value for '--limit <count>'", "list"),
        (["list", "--db"], "Missing value for '--db <path>'", "list"),
        (["--db"], "Missing value for '--db <path>'", nil),
        (["--db", "--verbose", "list"], "Missing value for '--db <path>'", nil),
    ] as [([String], String, String?)])
    func missingValue(words: [String], message: String, command: String?) {
        let error = #expect(throws: UsageError.self) { try Demo.parser.parse(words) }
        #expect(error?.message == message)
        #expect(error?.command == command)
    }

    // MARK: - Remainder options

    @Test("A remainder option takes every later word, options and '--help' included")
    func remainder() throws {
        let parsed = try #require(arguments(try parse(
            "today", "--now", "2026-11-29T07:30", "--exec", "notify-send", "--urgency=low", "-t", "5", "--help", "--", "x")))
        #expect(parsed.remainder("exec") == ["notify-send", "--urgency=low", "-t", "5", "--help", "--", "x"])
        #expect(parsed.value("now") == "2026-11-29T07:30")
    }

    @Test("A remainder option accepts its first word attached with '='")
    func remainderAttached() throws {
        let parsed = try #require(arguments(try parse("today", "--exec=echo", "hello", "world")))
        #expect(parsed.remainder("exec") == ["echo", "hello", "world"])
        let alone = try #require(arguments(try parse("today", "--exec=echo")))
        #expect(alone.remainder("exec") == ["echo"])
    }

    @Test("A remainder option with nothing after it is a missing value")
    func remainderMissing() throws {
        let error = try usageError("today", "--exec")
        #expect(error.message == "Missing value for '--exec <command> ...'")
        #expect(error.command == "today")
    }

    // MARK: - Unknown options and commands

    @Test("An unknown option suggests the closest one", arguments: [
        (["list", "--jsno"], "Unknown option '--jsno'. Did you mean '--json'?", "list"),
        (["list", "--limt", "3"], "Unknown option '--limt'. Did you mean '--limit'?", "list"),
        (["add", "x", "--day", "mon", "--at", "7"], "Unknown option '--day'. Did you mean '--days'?", "add"),
        (["list", "--hlep"], "Unknown option '--hlep'. Did you mean '--help'?", "list"),
        (["list", "--vrebose"], "Unknown option '--vrebose'. Did you mean '--verbose'?", "list"),
        (["--dbb", "list"], "Unknown option '--dbb'. Did you mean '--db'?", nil),
        (["list", "--frobnicate"], "Unknown option '--frobnicate'", "list"),
        (["list", "--days"], "Unknown option '--days'", "list"),
        (["list", "--json=1", "--x"], "'--json' does not take a value", "list"),
    ] as [([String], String, String?)])
    func unknownOption(words: [String], message: String, command: String?) {
        let error = #expect(throws: UsageError.self) { try Demo.parser.parse(words) }
        #expect(error?.message == message)
        #expect(error?.command == command)
    }

    @Test("Unknown short options and bundled short options are refused", arguments: ["-x", "-dv", "-json", "-vv"])
    func unknownShortOption(word: String) throws {
        let error = try usageError("add", "Walk", "--days", "mon", "--at", "7", word)
        #expect(error.message.hasPrefix("Unknown option '\(word)'"))
        #expect(error.command == "add")
    }

    @Test("The value of an unknown --name=value is not shown as part of the option")
    func unknownOptionWithValue() throws {
        let error = try usageError("list", "--colour=always")
        #expect(error.message == "Unknown option '--colour'")
    }

    @Test("An unknown command suggests the closest one", arguments: [
        ("lst", "Unknown command 'lst'. Did you mean 'list'?"),
        ("ad", "Unknown command 'ad'. Did you mean 'add'?"),
        ("remvoe", "Unknown command 'remvoe'. Did you mean 'remove'?"),
        ("todya", "Unknown command 'todya'. Did you mean 'today'?"),
        ("hlp", "Unknown command 'hlp'. Did you mean 'help'?"),
        ("frobnicate", "Unknown command 'frobnicate'"),
        ("LIST", "Unknown command 'LIST'"),
        ("-", "Unknown command '-'"),
    ])
    func unknownCommand(name: String, message: String) throws {
        let error = try usageError(name)
        #expect(error.message == message)
        #expect(error.command == nil)
    }

    // MARK: - Missing and extra arguments

    @Test("A missing required argument is named in angle brackets")
    func missingArgument() throws {
        let error = try usageError("add", "--days", "mon", "--at", "7:30")
        #expect(error.message == "Missing expected argument '<name>'")
        #expect(error.command == "add")
    }

    @Test("A missing repeating argument is named with its ellipsis")
    func missingRepeating() throws {
        let error = try usageError("remove")
        #expect(error.message == "Missing expected argument '<id> ...'")
        #expect(error.command == "remove")
    }

    @Test("A missing required option is named with its value", arguments: [
        (["add", "Walk", "--at", "7:30"], "Missing expected argument '--days <days>'"),
        (["add", "Walk", "--days", "mon"], "Missing expected argument '--at <time>'"),
        (["add", "Walk"], "Missing expected argument '--days <days>'"),
    ])
    func missingOption(words: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try Demo.parser.parse(words) }
        #expect(error?.message == message)
        #expect(error?.command == "add")
    }

    @Test("Arguments are checked before required options")
    func argumentsFirst() throws {
        #expect(try usageError("add").message == "Missing expected argument '<name>'")
    }

    @Test("An extra argument is reported as unexpected", arguments: [
        (["add", "Walk", "Run", "--days", "mon", "--at", "7"], "Run", "add"),
        (["list", "everything"], "everything", "list"),
        (["list", "--", "--json"], "--json", "list"),
        (["today", "-"], "-", "today"),
    ])
    func unexpectedArgument(words: [String], extra: String, command: String) {
        let error = #expect(throws: UsageError.self) { try Demo.parser.parse(words) }
        #expect(error?.message == "Unexpected argument '\(extra)'")
        #expect(error?.command == command)
    }

    @Test("No words and no default command asks for a command")
    func noCommand() throws {
        let error = try usageError()
        #expect(error.message == "Missing expected argument '<command>'")
        #expect(error.command == nil)
        #expect(try usageError("--db", "x").message == "Missing expected argument '<command>'")
    }

    // MARK: - Default command

    @Test("The default command runs when none is named")
    func defaultCommand() throws {
        let parser = Demo.parserWithDefault
        #expect(try parser.parse([]) == .run(command: "list", arguments: ParsedArguments()))
        #expect(try parser.parse(["--db", "x"]) == .run(command: "list", arguments: ParsedArguments(options: ["db": ["x"]])))
        #expect(try parser.parse(["-v"]) == .run(command: "list", arguments: ParsedArguments(options: ["verbose": []])))
        #expect(try parser.parse(["remove", "walk"]) == .run(command: "remove", arguments: ParsedArguments(positionals: ["walk"])))
        #expect(try parser.parse(["--help"]) == .help(command: nil))
        #expect(try parser.parse(["help"]) == .help(command: nil))
        #expect(try parser.parse(["--version"]) == .version)
    }

    @Test("Without a command, options the tool does not have globally belong to the default command")
    func defaultCommandOptions() throws {
        let parser = Demo.parserWithDefault
        #expect(try parser.parse(["--json"]) == .run(command: "list", arguments: ParsedArguments(options: ["json": []])))
        #expect(try parser.parse(["--db", "x", "--limit=3", "-v"])
            == .run(command: "list", arguments: ParsedArguments(options: ["db": ["x"], "limit": ["3"], "verbose": []])))
        #expect(try parser.parse(["--json", "--help"]) == .help(command: "list"))

        let unknown = #expect(throws: UsageError.self) { try parser.parse(["--jsno"]) }
        #expect(unknown?.message == "Unknown option '--jsno'. Did you mean '--json'?")
        // No command was typed: the overview's usage, not the default command's.
        #expect(unknown?.command == nil)
        let extra = #expect(throws: UsageError.self) { try parser.parse(["--json", "everything"]) }
        #expect(extra?.message == "Unexpected argument 'everything'")
        #expect(extra?.command == "list")
        // A word that is not an option is still read as a command name.
        let command = #expect(throws: UsageError.self) { try parser.parse(["--db", "x", "lst"]) }
        #expect(command?.message == "Unknown command 'lst'. Did you mean 'list'?")
    }

    @Test("A default command still checks its own rules")
    func defaultCommandValidates() throws {
        let parser = CommandLineParser(tool: Demo.spec, defaultCommand: "remove")
        let error = #expect(throws: UsageError.self) { try parser.parse([]) }
        #expect(error?.message == "Missing expected argument '<id> ...'")
        #expect(error?.command == "remove")
    }

    // MARK: - Help and version

    @Test("Help in all its spellings", arguments: [
        (["help"], nil),
        (["--help"], nil),
        (["-h"], nil),
        (["--db", "x", "--help"], nil),
        (["help", "help"], nil),
        (["help", "add"], "add"),
        (["help", "today"], "today"),
        (["add", "--help"], "add"),
        (["add", "-h"], "add"),
        (["list", "--json", "--help"], "list"),
        (["remove", "a", "b", "-h"], "remove"),
    ] as [([String], String?)])
    func help(words: [String], command: String?) throws {
        #expect(try Demo.parser.parse(words) == .help(command: command))
    }

    @Test("'cmd --help' wins over what is missing or unexpected before it")
    func helpBeatsValidation() throws {
        #expect(try parse("add", "--help") == .help(command: "add"))
        #expect(try parse("remove", "--help") == .help(command: "remove"))
        #expect(try parse("list", "extra", "words", "--help") == .help(command: "list"))
    }

    @Test("'help' with an unknown command suggests one")
    func helpUnknown() throws {
        let error = try usageError("help", "lsit")
        #expect(error.message.hasPrefix("Unknown command 'lsit'"))
        #expect(try usageError("help", "ad").message == "Unknown command 'ad'. Did you mean 'add'?")
    }

    @Test("--version before any command")
    func version() throws {
        #expect(try parse("--version") == .version)
        #expect(try parse("--db", "x", "--version") == .version)
        #expect(try parse("-v", "--version") == .version)
    }
}

@Suite("ParsedArguments accessors")
struct ParsedArgumentsTests {
    @Test("flag, value and remainder read the options dictionary")
    func accessors() {
        let parsed = ParsedArguments(positionals: ["a"], options: ["json": [], "at": ["7", "8"], "exec": ["echo", "hi"]])
        #expect(parsed.flag("json"))
        #expect(parsed.flag("at"))
        #expect(!parsed.flag("missing"))
        #expect(parsed.value("at") == "8")
        #expect(parsed.value("json") == nil)
        #expect(parsed.value("missing") == nil)
        #expect(parsed.remainder("exec") == ["echo", "hi"])
        #expect(parsed.remainder("missing") == nil)
    }

    @Test("UsageError shows its message")
    func usageErrorDescription() {
        let error = UsageError("Unknown option '--x'", command: "list")
        #expect(error.description == "Unknown option '--x'")
        #expect("\(error)" == "Unknown option '--x'")
    }
}
