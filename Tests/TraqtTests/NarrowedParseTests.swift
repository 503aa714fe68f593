import ArgumentParsing
import Testing
@testable import TraqtCLI

/// A command line is parsed with a table of the one command it names (start-up
/// time); what it asks for must be what the whole table says, whatever word
/// looks like a command.
@Suite("a command line parsed with its command alone means what it means with every command")
struct NarrowedParseTests {
    @Test("the names dispatch uses are the commands' own, in order")
    func names() {
        #expect(Tool.commandNames == Tool.commands.map { $0.spec.name })
        #expect(Tool.commandNames.contains(Tool.defaultCommand))
    }

    static let lines: [[String]] = [
        [], ["--db", "x"], ["--quiet"], ["--db", "push", "today"], ["--db", "add", "push", "--id", "walk"],
        ["add", "today", "--at", "7:30"], ["add", "push", "--days", "mon"], ["today", "--json"],
        ["live", "start", "--id", "walk"], ["live", "--db", "x", "start"], ["push", "--token", "ab", "-"],
        ["push", "--nope"], ["pusj"], ["help", "push"], ["push", "--help"], ["--version"], ["list", "--db=list"],
        ["summary", "--week", "today"], ["--db", "today"], ["--", "add", "x"], ["live", "channel", "create"],
    ]

    @Test("each line gives the same invocation, or the same error, both ways", arguments: lines)
    func agrees(words: [String]) {
        let whole = Result { () throws(UsageError) in
            try CommandLineParser(tool: Tool.spec, defaultCommand: Tool.defaultCommand).parse(words)
        }
        let narrowed = Result { () throws(UsageError) in try Tool.parse(words) }
        switch (whole, narrowed) {
        case let (.success(expected), .success(got)): #expect(got == expected)
        case let (.failure(expected), .failure(got)): #expect("\(got)" == "\(expected)")
        default: Issue.record("\(words): \(whole) but \(narrowed)")
        }
    }
}
