import Testing
@testable import ArgumentParsing

@Suite("Options that take the rest of the command line")
struct RemainderOptionTests {
    let tool = ToolSpec(
        name: "t", version: "1", abstract: "test", globalOptions: [],
        commands: [CommandSpec("due", abstract: "due", options: [
            OptionSpec("json", help: "json"),
            OptionSpec("exec", .remainder(name: "command"), help: "command"),
        ])])

    @Test("every word after --exec is the command's, options and shell syntax included")
    func takesTheRest() throws {
        let invocation = try CommandLineParser(tool: tool, defaultCommand: "due")
            .parse(["due", "--json", "--exec", "printf", "--json", "a;b", "$(x)", "--help"])
        guard case let .run(_, arguments) = invocation else {
            Issue.record("expected a run, got \(invocation)")
            return
        }
        #expect(arguments.flag("json"))
        #expect(arguments.remainder("exec") == ["printf", "--json", "a;b", "$(x)", "--help"])
    }

    @Test("--exec with nothing after it is a usage error")
    func needsACommand() {
        #expect(throws: UsageError.self) {
            try CommandLineParser(tool: tool, defaultCommand: "due").parse(["due", "--exec"])
        }
    }
}
