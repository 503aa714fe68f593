import Testing
@testable import ArgumentParsing

/// Commands read options through the specs they are parsed with; the parser
/// records which options the command accepts, so that a debug build catches a
/// lookup of an option the command's spec lacks (it would always find nothing).
@Suite("options looked up by their spec")
struct OptionLookupTests {
    static let json = OptionSpec("json", help: "json")
    static let db = OptionSpec("db", .value(name: "path"), help: "db")
    static let set = OptionSpec("set", .value(name: "key=value"), help: "set")
    let tool = ToolSpec(name: "t", version: "1", abstract: "test", globalOptions: [db],
                        commands: [CommandSpec("list", abstract: "list", options: [json, set])])

    @Test("a parsed command line knows its command's options and the global ones, and reads them by spec")
    func readsBySpec() throws {
        let invocation = try CommandLineParser(tool: tool, defaultCommand: nil)
            .parse(["list", "--set", "a=1", "--db", "x", "--set=b=2", "--json"])
        guard case let .run(_, arguments) = invocation else {
            Issue.record("expected a run, got \(invocation)")
            return
        }
        #expect(arguments.accepted == ["json", "set", "db"])
        #expect(arguments.flag(Self.json))
        #expect(arguments.value(Self.db) == "x")
        #expect(arguments.values(Self.set) == ["a=1", "b=2"])
        #expect(arguments.value(Self.set) == "b=2")
    }

    @Test("what was recorded for checking does not make two parses unequal")
    func equalityIgnoresAccepted() {
        var parsed = ParsedArguments(positionals: ["a"], options: ["json": []])
        let plain = parsed
        parsed.accepted = ["json"]
        #expect(parsed == plain)
    }
}
