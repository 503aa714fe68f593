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
        let table = try Self.exitCodeTable().map { "\($0.code) \($0.meaning.replacing("`", with: ""))" }
        #expect(table == ExitStatuses.all.map { "\($0.code) \($0.meaning)" })
    }

    /// The rows of docs/exit-codes.md's table: the code and its meaning, as written.
    static func exitCodeTable() throws -> [(code: String, meaning: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/exit-codes.md"), encoding: .utf8)
        let section = try #require(text.range(of: "| code | meaning |\n|---|---|\n"))
        let rows = text[section.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("| ") }
        return rows.map { row in
            let cells = row.dropFirst(2).dropLast(2).split(separator: " | ", maxSplits: 1)
            return (String(cells[0]), String(cells[1]))
        }
    }

    /// The text of every Swift file in Sources.
    static func sourceTexts() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return try files.compactMap { file in
            guard let file = file as? URL, file.pathExtension == "swift" else { return nil }
            return try String(contentsOf: file, encoding: .utf8)
        }
    }

    @Test("every environment variable the code reads is listed, and only those")
    func environmentVariables() throws {
        var read: Set<String> = []
        for text in try Self.sourceTexts() {
            for match in text.matches(of: /(?:environment\[|getenv\(|variable\()"([A-Z_]+)"/) { read.insert(String(match.1)) }
        }
        #expect(read.contains("TRAQT_DB") && read.contains("HOME"))
        #expect(Set(EnvironmentVariables.all.map(\.name)) == read)
    }
}
