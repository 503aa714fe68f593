import Foundation
import Testing

/// Nothing that reaches a terminal or a JSON consumer can drive the terminal or
/// reorder what it shows, whatever a name or an argument holds.
@Suite("terminal and output safety")
struct OutputSafetyTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
    }

    private func traqt(_ arguments: String...) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database)
    }

    /// Bidirectional controls, C1 controls, DEL and an escape sequence.
    static let hostile = "a\u{202E}txt.exe\u{2066}b\u{2069}\u{200F}c\u{0085}d\u{009B}31m\u{7F}e\u{1B}]0;pwned\u{07}"

    @Test("text output replaces every control and bidi character with U+FFFD")
    func textOutput() throws {
        #expect(try traqt("add", Self.hostile, "--days", "daily", "--at", "7", "--id", "h").status == 0)
        for command in [["list"], ["today", "--now", "00:00"], ["summary", "--now", "2026-11-30T00:00"]] {
            let output = try InProcessTraqt.run(command, database: database).stdout
            for scalar in output.unicodeScalars {
                #expect(!(scalar.value < 0x20 && scalar != "\n") && !(0x7F..<0xA0).contains(scalar.value)
                        && ![0x202E, 0x2066, 0x2069, 0x200F].contains(scalar.value), "\(command): U+\(String(scalar.value, radix: 16))")
            }
            #expect(output.contains("a\u{FFFD}txt.exe\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}d\u{FFFD}31m\u{FFFD}e\u{FFFD}]0;pwned\u{FFFD}"))
        }
    }

    @Test("JSON escapes them, and reads back to the same name")
    func jsonOutput() throws {
        #expect(try traqt("add", Self.hostile, "--days", "daily", "--at", "7", "--id", "h").status == 0)
        let json = try traqt("list", "--json").stdout
        #expect(json.contains(#"a\u202etxt.exe\u2066b\u2069\u200fc\u0085d\u009b31m\u007fe\u001b]0;pwned\u0007"#))
        #expect(json.unicodeScalars.allSatisfy { $0.value < 0x7F ? ($0.value >= 0x20 || $0 == "\n") : $0.value >= 0xA0 })
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.first?["name"] as? String == Self.hostile)
    }

    @Test("error messages neither echo control characters nor megabytes of input")
    func errorMessages() throws {
        let escape = try traqt("remove", "\u{1B}]0;pwned\u{07}")
        #expect(escape.status == 65)
        #expect(!escape.stderr.contains("\u{1B}"))
        #expect(!escape.stderr.contains("\u{07}"))
        #expect(escape.stderr.contains("\u{FFFD}]0;pwned\u{FFFD}"))

        let long = String(repeating: "x", count: 100_000)
        let huge = try traqt("add", "X", "--days", long, "--at", "7")
        #expect(huge.status == 64)
        #expect(huge.stderr.count < 3000)
        #expect(huge.stderr.contains("more characters)"))
        #expect(huge.stderr.contains("\nUsage: traqt add"))
        // An apostrophe inside a word opens no quote: the list of day forms after it is whole.
        let unknown = try traqt("add", "X", "--days", "funday", "--at", "7")
        #expect(unknown.stderr.contains("unknown day 'funday'"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("or mask:N (1…127, bit 0 = Sunday)"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("more characters)"))
    }

    @Test("an argument that is not valid UTF-8 is refused, not turned into U+FFFD")
    func invalidUTF8() throws {
        // Process takes Strings: the shell makes the raw bytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" add X --days daily --at 7 --id "$(printf '\377')""#, TraqtProcess.executable.path]
        process.environment = TraqtProcess.environment(database: database)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 64)
        #expect(stderr.contains("argument 8 is not valid UTF-8"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
