import Foundation
import Testing
@testable import TraqtCLI

/// The lists that help and the manual print, against what they describe: the
/// docs/exit-codes.md's table of exit codes, and the variables the code reads.
@Suite("the documented exit statuses and environment variables")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/exit-codes.md's table of exit codes is the list help and the manual show, row for row")
    func readmeExitCodes() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/exit-codes.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "| code | meaning |\n|---|---|\n"))
        let rows = readme[section.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("| ") }
        let table = rows.map { row -> String in
            let cells = row.dropFirst(2).dropLast(2).split(separator: " | ", maxSplits: 1)
            return "\(cells[0]) \(cells[1].replacing("`", with: ""))"
        }
        #expect(table == ExitStatuses.all.map { "\($0.code) \($0.meaning)" })
    }

    @Test("every environment variable the code reads is listed, and only those")
    func environmentVariables() throws {
        var read: Set<String> = []
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /(?:environment\[|getenv\(|variable\()"([A-Z_]+)"/) { read.insert(String(match.1)) }
        }
        #expect(read.contains("TRAQT_DB") && read.contains("HOME"))
        #expect(Set(EnvironmentVariables.all.map(\.name)) == read)
    }
}
