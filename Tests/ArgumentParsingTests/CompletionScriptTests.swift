import Testing
@testable import ArgumentParsing

@Suite("Completion scripts: written from the table, valid in their shells")
struct CompletionScriptTests {
    @Test("Each shell reads its script without a syntax error", arguments: [
        (CompletionShell.bash, "/bin/bash"), (.zsh, "/usr/bin/zsh"), (.fish, "/usr/bin/fish"),
    ])
    func syntax(shell: CompletionShell, path: String) throws {
        for tool in [Documented.spec, Demo.spec] {
            let result = try runTool(path, ["-n"], input: shell.script(for: tool))
            #expect(result.status == 0, "\(shell) -n: \(result.output)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("Every visible command, subcommand and option is in each script; hidden commands only as word lists",
          arguments: CompletionShell.allCases)
    func everythingListed(shell: CompletionShell) {
        let script = shell.script(for: Documented.spec)
        for word in ["add", "clock", "start", "stop"] { #expect(script.contains(word), "\(shell) lacks \(word)") }
        for option in ["days", "format", "quiet", "exec", "db", "help", "version"] {
            // fish names options as `complete -l NAME`.
            let word = shell == .fish ? "-l '\(option)'" : "--" + option
            #expect(script.contains(word), "\(shell) lacks \(word)")
        }
        #expect(!script.contains("__secret"))
        // `__words` is what the scripts run to list ids, never offered as a command.
        #expect(script.contains("__words ids --live"))
        #expect(!script.contains("List words"))
    }

    @Test("The table's entries: the tool first, then commands depth first, hidden ones left out")
    func entries() {
        let table = CompletionTable(tool: Documented.spec)
        #expect(table.entries.map(\.path) == ["", "add", "clock", "clock start", "clock stop"])
        #expect(table.entries[0].subcommands.map(\.name) == ["add", "clock", "help"])
        #expect(table.entries[0].options.map(\.name) == ["db", "help", "version"])
        #expect(table.entries[1].options.map(\.name) == ["days", "format", "id", "quiet", "db", "help"])
        #expect(table.globalValueOptions.map(\.name) == ["db"])
        #expect(table.prefix == "_doc")
    }

    @Test("Quoting for the shells")
    func quoting() {
        #expect(shellQuoted("it's") == "'it'\\''s'")
        #expect(shellQuoted("") == "''")
    }
}
