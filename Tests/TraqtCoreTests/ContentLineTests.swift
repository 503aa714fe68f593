import Testing
@testable import TraqtCore

/// The lexical rules of iCalendar: folding at 75 octets and TEXT escaping.
@Suite("iCalendar content lines")
struct ContentLineTests {
    /// The physical lines of `bytes`, each without its CRLF; fails unless every
    /// line ends with CRLF.
    static func physicalLines(_ bytes: [UInt8]) throws -> [[UInt8]] {
        var lines: [[UInt8]] = [], current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                try #require(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "a CR without LF")
                lines.append(current)
                current = []
                index += 2
            } else {
                try #require(bytes[index] != 0x0A, "a LF without CR")
                current.append(bytes[index])
                index += 1
            }
        }
        try #require(current.isEmpty, "the last line has no CRLF")
        return lines
    }

    static func folded(_ line: String) -> [UInt8] {
        var buffer: [UInt8] = []
        ContentLine.appendFolded(Array(line.utf8), to: &buffer)
        return buffer
    }

    @Test("a line of 75 octets stays whole; one of 76 is folded")
    func limit() throws {
        let exact = "SUMMARY:" + String(repeating: "x", count: 75 - 8)
        #expect(Self.folded(exact) == Array((exact + "\r\n").utf8))
        let over = exact + "y"
        #expect(Self.folded(over) == Array((exact + "\r\n y\r\n").utf8))
    }

    @Test("folding keeps every line within 75 octets, cuts only between characters, as late as it can, and unfolds to the original",
          arguments: ["x", "é", "日", "😀", "👩‍💻", "e\u{301}", "日x😀é"], 0..<4)
    func folding(character: String, padding: Int) throws {
        let line = "SUMMARY:" + String(repeating: "-", count: padding) + String(repeating: character, count: 70)
        let lines = try Self.physicalLines(Self.folded(line))
        #expect(lines.count > 1)
        var unfolded: [UInt8] = []
        for (index, physical) in lines.enumerated() {
            #expect(physical.count <= 75)
            var content = physical[...]
            if index > 0 {
                #expect(physical.first == 0x20)
                content = content.dropFirst()
            }
            // Each part is whole UTF-8 on its own: no sequence was cut.
            #expect(String(validating: content, as: UTF8.self) != nil, "line \(index) cuts a character")
            if index + 1 < lines.count {
                // The next part's first scalar would not have fitted.
                let next = lines[index + 1].dropFirst()
                let firstScalarLength = String(decoding: next, as: UTF8.self).unicodeScalars.first!.utf8.count
                #expect(physical.count + firstScalarLength > 75)
            }
            unfolded += content
        }
        #expect(unfolded == Array(line.utf8))
    }

    @Test("TEXT escapes backslash, semicolon, comma and line breaks; unsafe characters become U+FFFD", arguments: [
        ("Walk dog", "Walk dog"),
        ("a\\b", "a\\\\b"),
        ("Lunch; then, nap", "Lunch\\; then\\, nap"),
        ("one\ntwo", "one\\ntwo"),
        ("one\r\ntwo", "one\\ntwo"),
        ("one\rtwo", "one\\ntwo"),
        ("one\n\ntwo", "one\\n\\ntwo"),
        ("time: \"now\"", "time: \"now\""),
        ("tab\there", "tab\u{FFFD}here"),
        ("bell\u{7}", "bell\u{FFFD}"),
        ("c1\u{85}", "c1\u{FFFD}"),
        ("txt\u{202E}exe", "txt\u{FFFD}exe"),
        ("日本語 ✓ 👩‍💻", "日本語 ✓ 👩‍💻"),
        ("\\;,\n", "\\\\\\;\\,\\n"),
    ])
    func text(input: String, expected: String) {
        var line: [UInt8] = []
        ContentLine.appendText(input, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    @Test("parameter values are quoted only when they hold ':', ';' or ','", arguments: [
        ("America/New_York", "America/New_York"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "\"CET-1CEST,M3.5.0,M10.5.0/3\""),
        ("<+0330>-3:30", "\"<+0330>-3:30\""),
    ])
    func parameter(value: String, expected: String) {
        var line: [UInt8] = []
        ContentLine.appendParameter(value, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == expected)
        #expect(ContentLine.isParameterSafe(value))
    }

    @Test("a value with a double quote or a control character cannot be a parameter", arguments: ["a\"b", "a\nb", ""])
    func unsafeParameter(value: String) {
        #expect(!ContentLine.isParameterSafe(value))
    }

    @Test("UTC offsets: sign always, seconds only when there are any, never -0000", arguments: [
        (-18_000, "-0500"), (3600, "+0100"), (0, "+0000"), (19_800, "+0530"), (-17_762, "-045602"), (-59, "-000059"),
    ])
    func offsets(seconds: Int, expected: String) {
        var line: [UInt8] = []
        ContentLine.appendOffset(seconds, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == expected)
    }

    @Test("wall keys and DATE-TIME forms round-trip", arguments: [0, 86_399, 1_772_953_200, 253_402_300_799, -1])
    func wallKeys(key: Int) {
        let wall = ContentLine.wallClock(key: key)
        #expect(ContentLine.key(of: wall) == key)
        var utc: [UInt8] = []
        ContentLine.appendUTC(key, to: &utc)
        // The same instant as Timestamp shows it, in the basic format.
        let iso = Timestamp.iso8601(key).filter { $0 != "-" && $0 != ":" }
        #expect(String(decoding: utc, as: UTF8.self) == iso)
    }
}
