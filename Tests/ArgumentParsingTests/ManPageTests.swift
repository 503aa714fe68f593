import Testing
@testable import ArgumentParsing

@Suite("ManPage: man(7) from the command table")
struct ManPageTests {
    let page = ManPage(
        tool: Documented.spec, date: "2026-11-30",
        description: ["Keeps things.\n\nIn one file. A line that starts\n.with a dot stays text."],
        files: [DefinitionSpec("~/.doc/db", help: "The database.")],
        examples: ["doc add 'Walk dog' --days mon", "# a comment"])

    @Test("mandoc's lint finds nothing to say, warnings and style included")
    func lint() throws {
        let result = try runTool("/usr/bin/mandoc", ["-T", "lint", "-W", "all"], input: page.render())
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test("The sections come in the usual order, each once")
    func sections() {
        let source = page.render()
        let headers = [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH COMMANDS",
                       ".SH ENVIRONMENT", ".SH FILES", ".SH \"EXIT STATUS\"", ".SH EXAMPLES"]
        let offsets = headers.map { header in source.ranges(of: header + "\n").map(\.lowerBound) }
        #expect(offsets.allSatisfy { $0.count == 1 }, "\(headers)")
        let firsts = offsets.compactMap(\.first)
        #expect(firsts == firsts.sorted())
        #expect(source.hasPrefix(".TH DOC 1 2026-11-30 \"doc 2\" \"User Commands\"\n"))
    }

    @Test("Every visible command and subcommand has a subsection with its options; hidden ones none")
    func commands() {
        let source = page.render()
        for path in ["add", "clock", "\"clock start\"", "\"clock stop\"", "help"] {
            #expect(source.contains("\n.SS \(path)\n"), "\(path)")
        }
        #expect(!source.contains("__secret"))
        #expect(!source.contains("__words"))
        #expect(source.contains("\\fB\\-\\-days\\fR\\ \\fIdays\\fR"))
        #expect(source.contains("\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR"))
        #expect(source.contains(".TP\n\\fBDOC_DB\\fR\nThe database file.\n"))
        #expect(source.contains(".TP\n\\fB64\\fR\nusage\n"))
    }

    @Test("Text lines keep to 80 bytes and never start a request")
    func textLines() {
        let lines = page.render().split(separator: "\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 80 })
        #expect(lines.contains("\\&.with a dot stays text."))
    }

    @Test("roff escapes: backslash, hyphen, and anything beyond ASCII", arguments: [
        ("a\\b", "a\\eb"), ("--db", "\\-\\-db"), ("mon…sun", "mon\\[u2026]sun"), ("→", "\\[u2192]"),
        ("😀", "\\[u1F600]"), ("plain", "plain"),
    ])
    func escaping(text: String, roff: String) {
        #expect(escaped(text) == roff)
    }
}
