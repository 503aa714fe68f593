import Testing
import TraqtCore

private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

private func written(_ text: String) -> String {
    var buffer: [UInt8] = []
    JSONWriter.appendString(text, to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
}

@Suite("JSONParser: strict RFC 8259 reading")
struct JSONParserTests {
    @Test("Scalars at the top level")
    func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("0") == .number("0"))
        #expect(try parse(" \t\r\n 42 \n") == .number("42"))
    }

    @Test("Nested arrays and objects keep their order")
    func nested() throws {
        let value = try parse("""
            {"a": [1, 2, {"b": null, "c": [true, false]}], "d": {}, "e": [], "f": {"g": {"h": "i"}}}
            """)
        let expected: JSONValue = .object([
            ("a", .array([.number("1"), .number("2"), .object([("b", .null), ("c", .array([.bool(true), .bool(false)]))])])),
            ("d", .object([])),
            ("e", .array([])),
            ("f", .object([("g", .object([("h", .string("i"))]))])),
        ])
        #expect(value == expected)
        #expect(value["f"]?["g"]?["h"] == .string("i"))
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["a"] == nil)
    }

    @Test("Object order matters for equality and a repeated key reads as its last value")
    func objectMembers() throws {
        #expect(try parse(#"{"a":1,"b":2}"#) != parse(#"{"b":2,"a":1}"#))
        let repeated = try parse(#"{"id":"first","id":"second"}"#)
        #expect(repeated["id"] == .string("second"))
    }

    @Test("Every escape is decoded", arguments: [
        (#""\"""#, "\""),
        (#""\\""#, "\\"),
        (#""\/""#, "/"),
        (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
        (#""\u00e9""#, "é"),
        (#""\u00E9""#, "é"),
        (#""\u0000""#, "\u{0}"),
        (#""\u001F""#, "\u{1f}"),
        (#""\u4e2d\u6587""#, "中文"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""a\u0301""#, "a\u{301}"),
        (#""x\ty\"z\\""#, "x\ty\"z\\"),
        (#""😀 raw é 中""#, "😀 raw é 中"),
    ])
    func escapes(json: String, text: String) throws {
        let value = try parse(json)
        #expect(value == .string(text))
        guard case let .string(decoded) = value else { return }
        // Byte for byte, not only canonically equal.
        #expect(Array(decoded.utf8) == Array(text.utf8))
    }

    @Test("Numbers are kept as written", arguments: [
        "0", "-0", "1", "-1", "42", "1.5", "-0.25", "1e10", "1E10", "1e+2", "1e-2", "-1.25E-3",
        "123456789012345678901234567890", "0.0", "10.010e01",
    ])
    func numbers(text: String) throws {
        #expect(try parse(text) == .number(text))
        #expect(try parse("[\(text)]") == .array([.number(text)]))
    }

    @Test("A UTF-8 byte order mark is tolerated")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
    }

    @Test("kindName names each kind for messages")
    func kindNames() throws {
        #expect(try parse("null").kindName == "null")
        #expect(try parse("true").kindName == "a boolean")
        #expect(try parse("1").kindName == "a number")
        #expect(try parse("\"\"").kindName == "a string")
        #expect(try parse("[]").kindName == "an array")
        #expect(try parse("{}").kindName == "an object")
    }

    // MARK: - Rejections

    @Test("Invalid documents are rejected at the right line and column", arguments: [
        ("[1,2,]", 1, 6, "unexpected character"),
        (#"{"a":1,}"#, 1, 8, "expected a member name"),
        ("\"abc", 1, 5, "unterminated string"),
        ("\"a\nb\"", 1, 3, "control character"),
        ("\"a\tb\"", 1, 3, "control character"),
        (#""\ud800""#, 1, 8, "lone surrogate"),
        (#""\ud800x""#, 1, 8, "lone surrogate"),
        (#""\udc00""#, 1, 8, "lone surrogate"),
        (#""\ud800\u0041""#, 1, 14, "invalid surrogate pair"),
        ("01", 1, 2, "unexpected text after the JSON value"),
        ("[01]", 1, 3, "expected ',' or ']'"),
        ("-01", 1, 3, "unexpected text after the JSON value"),
        ("{} x", 1, 4, "unexpected text after the JSON value"),
        ("1 2", 1, 3, "unexpected text after the JSON value"),
        ("[1]]", 1, 4, "unexpected text after the JSON value"),
        ("", 1, 1, "unexpected end of input"),
        ("   ", 1, 4, "unexpected end of input"),
        ("[", 1, 2, "unexpected end of input"),
        ("[1", 1, 3, "expected ',' or ']'"),
        ("{", 1, 2, "expected a member name"),
        (#"{"a""#, 1, 5, "expected ':'"),
        (#"{"a":}"#, 1, 6, "unexpected character"),
        (#"{"a" 1}"#, 1, 6, "expected ':'"),
        (#"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}'"),
        ("{1:2}", 1, 2, "expected a member name"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("tru", 1, 1, "unexpected word"),
        ("nul", 1, 1, "unexpected word"),
        ("True", 1, 1, "unexpected character"),
        ("NaN", 1, 1, "unexpected character"),
        ("Infinity", 1, 1, "unexpected character"),
        ("-Infinity", 1, 2, "invalid number"),
        ("'a'", 1, 1, "unexpected character"),
        ("+1", 1, 1, "unexpected character"),
        (".5", 1, 1, "unexpected character"),
        ("-", 1, 2, "invalid number"),
        ("1.", 1, 3, "digits expected after '.'"),
        ("1.e5", 1, 3, "digits expected after '.'"),
        ("1e", 1, 3, "digits expected in the exponent"),
        ("1e+", 1, 4, "digits expected in the exponent"),
        (#""\x""#, 1, 3, "invalid escape"),
        (#""\u12g4""#, 1, 6, "invalid hex digit"),
        (#""\u12""#, 1, 4, "incomplete \u{5C}u escape"),
        ("\"\\", 1, 3, "unterminated escape"),
        ("// comment\n1", 1, 1, "unexpected character"),
        ("[\n  1,\n  2,\n]", 4, 1, "unexpected character"),
        ("{\n\"a\": tru\n}", 2, 6, "unexpected word"),
        ("[\"é\", x]", 1, 7, "unexpected character"),
        ("[\"😀中\",\n\t\"ok\" x]", 2, 7, "expected ',' or ']'"),
    ])
    func rejected(json: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try parse(json) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.description.hasPrefix("invalid JSON at line \(line), column \(column): ") == true)
    }

    @Test("Invalid UTF-8 in a string is rejected", arguments: [
        [0xFF],                 // never valid
        [0xC0, 0xAF],           // overlong '/'
        [0xE4, 0xB8],           // truncated 3-byte sequence
        [0xED, 0xA0, 0x80],     // a surrogate encoded as UTF-8
        [0x80],                 // a lone continuation byte
        [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let document: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\""), UInt8(ascii: "]")]
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(document) }
        #expect(error?.message.contains("invalid UTF-8") == true)
        #expect(error?.line == 1)
    }

    @Test("Invalid UTF-8 after an escape is rejected too")
    func invalidUTF8AfterEscape() {
        let document: [UInt8] = Array(#""\n"#.utf8) + [0xFF] + [UInt8(ascii: "\"")]
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(document) }
        #expect(error?.message.contains("invalid UTF-8") == true)
    }

    @Test("A byte that is not UTF-8 outside a string is an unexpected character")
    func invalidByteOutsideString() {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")]) }
        #expect(error?.message == "unexpected character")
        #expect(error?.column == 2)
    }

    @Test("Nesting is accepted to 512 levels and refused beyond")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try parse(deepest)
        var levels = 0
        while case let .array(elements) = value {
            levels += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(levels == 512)

        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = #expect(throws: JSONSyntaxError.self) { try parse(tooDeep) }
        #expect(error?.message.contains("nesting deeper than 512") == true)
        #expect(error?.column == 513)

        let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: JSONSyntaxError.self) { try parse(objects) }
    }

    @Test("Skipping a value checks it as reading it does: the same errors at the same places", arguments: [
        "[1,2,]", #"{"a":[1,{"b":"\ud800"}]}"#, #"{"a":1 "b":2}"#, "[\n  1,\n  2,\n]", #"{"a": tru}"#, "[\"é\", x]",
        "[\"a\u{1}\"]", "[1.e5]", #"{"a":{"b":[}}"#, "{", "[", String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        "{} x",
    ])
    func skipRefuses(json: String) {
        let bytes = Array(json.utf8)
        let read = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        let skipped = #expect(throws: JSONSyntaxError.self) {
            var parser = JSONParser(bytes)
            try parser.skipValue()
            try parser.finish()
        }
        #expect(read != nil && skipped == read)
    }

    @Test("A document read part by part: members and elements in order, skipped ones checked, and back to a saved place")
    func partByPart() throws {
        var parser = JSONParser(Array(#" {"a": [1, {"x": "y"}], "b": {"c": true, "d": null}, "e": "f"} "#.utf8))
        var names: [String] = []
        var saved: JSONParser.Position?
        let isObject = try parser.forEachMember { name, parser in
            names.append(name)
            switch name {
            case "a":
                #expect(try parser.nextKind() == .array)
                parser.enterArray()
                var elements: [JSONValue] = []
                while try parser.nextElement() { elements.append(try parser.readValue()) }
                #expect(elements == [.number("1"), .object([("x", .string("y"))])])
            case "b":
                saved = parser.position
                try parser.skipValue()
            default:
                #expect(try parser.readValue() == .string("f"))
            }
        }
        try parser.finish()
        #expect(isObject)
        #expect(names == ["a", "b", "e"])
        parser.position = try #require(saved)
        #expect(try parser.readValue() == .object([("c", .bool(true)), ("d", .null)]))
        // Not an object: skipped, and nothing is handed over.
        var scalar = JSONParser(Array("[1, 2]".utf8))
        #expect(try scalar.forEachMember { _, _ in Issue.record("a member of an array") } == false)
        try scalar.finish()
    }

    @Test("A slice is read in place: lines and columns count from its start")
    func slice() throws {
        let bytes = Array("garbage[1, {\"a\": 2}]garbage\n[\n1 2]".utf8)
        let first = bytes.firstIndex(of: UInt8(ascii: "["))!
        let value = try { var parser = JSONParser(bytes[first..<first + 13]); let value = try parser.readValue(); try parser.finish(); return value }()
        #expect(value == .array([.number("1"), .object([("a", .number("2"))])]))
        let last = bytes.lastIndex(of: UInt8(ascii: "["))!
        let error = #expect(throws: JSONSyntaxError.self) { var parser = JSONParser(bytes[last...]); _ = try parser.readValue() }
        #expect(error?.line == 2 && error?.column == 3)
    }

    @Test("A document far deeper than the limit fails cleanly instead of overflowing the stack")
    func veryDeep() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    }
}

@Suite("JSONWriter: escaping and UTF-8 output")
struct JSONWriterTests {
    @Test("Quotes, backslashes and control characters are escaped", arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\path\"#, #""C:\\path\\""#),
        ("a\nb", #""a\nb""#),
        ("a\rb", #""a\rb""#),
        ("a\tb", #""a\tb""#),
        ("\u{0}", #""\u0000""#),
        ("\u{1}", #""\u0001""#),
        ("\u{8}\u{c}", #""\u0008\u000c""#),
        ("\u{1b}[0m", #""\u001b[0m""#),
        ("\u{1f}", #""\u001f""#),
        ("/", #""/""#),
        ("\u{7f}", #""\u007f""#),
        ("\u{80}x\u{9f}", #""\u0080x\u009f""#),
        ("\u{a0}", "\"\u{a0}\""),
        ("a\u{202E}b\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}", #""a\u202eb\u2066\u2069\u200e\u200f\u061c""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#),
        ("\u{2027}\u{202F}\u{2065}\u{206A}", "\"\u{2027}\u{202F}\u{2065}\u{206A}\""),
        ("\"\\\n", #""\"\\\n""#),
    ])
    func escaping(text: String, json: String) {
        #expect(written(text) == json)
    }

    @Test("Non-ASCII text is written as its own UTF-8 bytes", arguments: [
        "é", "中文", "😀", "e\u{301}", "👩‍👩‍👧", "\u{10FFFF}", "Ελληνικά", "\u{2030}",
    ])
    func nonASCII(text: String) {
        var buffer: [UInt8] = []
        JSONWriter.appendString(text, to: &buffer)
        #expect(buffer == [UInt8(ascii: "\"")] + Array(text.utf8) + [UInt8(ascii: "\"")])
    }

    @Test("Every scalar below U+0100 and a few beyond survive writer -> parser")
    func roundTrip() throws {
        var scalars = (0..<0x100).compactMap(Unicode.Scalar.init)
        scalars += ["\u{2028}", "\u{FEFF}", "\u{FFFF}", "\u{1F600}", "\u{10FFFF}"]
        for scalar in scalars {
            let text = "a" + String(Character(scalar)) + "b"
            var buffer: [UInt8] = []
            JSONWriter.appendString(text, to: &buffer)
            let parsed = try JSONParser.parse(buffer)
            #expect(parsed == .string(text), "U+\(String(scalar.value, radix: 16))")
        }
        let all = String(String.UnicodeScalarView(scalars))
        var buffer: [UInt8] = []
        JSONWriter.appendString(all, to: &buffer)
        guard case let .string(back) = try JSONParser.parse(buffer) else {
            Issue.record("not a string")
            return
        }
        #expect(Array(back.unicodeScalars) == scalars)
    }

    @Test("appendString(utf8:) writes the same as appendString for a String")
    func rawBytes() {
        let text = "tab\t\"quote\" 中 😀\u{1}"
        var fromBytes: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &fromBytes) }
        var fromString: [UInt8] = []
        JSONWriter.appendString(text, to: &fromString)
        #expect(fromBytes == fromString)
        var empty: [UInt8] = []
        [UInt8]().withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &empty) }
        #expect(empty == Array(#""""#.utf8))
    }

    @Test("Integers and raw text are appended as written")
    func integers() {
        var buffer: [UInt8] = []
        JSONWriter.appendRaw("[", to: &buffer)
        JSONWriter.appendInteger(0, to: &buffer)
        JSONWriter.appendRaw(",", to: &buffer)
        JSONWriter.appendInteger(-42, to: &buffer)
        JSONWriter.appendRaw(",", to: &buffer)
        JSONWriter.appendInteger(Int.max, to: &buffer)
        JSONWriter.appendRaw("]", to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "[0,-42,9223372036854775807]")
    }

    @Test("Writing appends to what the buffer already holds")
    func appends() {
        var buffer = Array("x=".utf8)
        JSONWriter.appendString("y", to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"x="y""#)
    }
}

@Suite("Activity JSON: export shape and round trip")
struct ActivityJSONTests {
    @Test("appendJSON writes the documented shape, derived fields included")
    func shape() throws {
        let activity = Activity(id: "walk", name: "Walk", days: try Weekdays.parse("mon,wed,fri"),
                                time: try TimeOfDay.parse("07:30"), createdAt: 0, updatedAt: 1_795_992_723)
        var buffer: [UInt8] = []
        activity.appendJSON(to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == """
            {"id":"walk","name":"Walk","daysOfWeek":42,"timeOfDay":450,"days":["mon","wed","fri"],\
            "time":"07:30","createdAt":"1970-01-01T00:00:00Z","updatedAt":"2026-11-29T22:52:03Z"}
            """)
    }

    @Test("Timestamps are left out until the store has saved the activity")
    func noTimestamps() throws {
        let activity = Activity(id: "a", name: "A", days: .weekends, time: try TimeOfDay.parse("0:00"))
        var buffer: [UInt8] = []
        activity.appendJSON(to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self)
            == #"{"id":"a","name":"A","daysOfWeek":65,"timeOfDay":0,"days":["sun","sat"],"time":"00:00"}"#)
    }

    @Test("Awkward names survive appendJSON -> JSONParser -> decodeArray byte for byte")
    func roundTrip() throws {
        let names = [
            "Say \"hello\" to the \\ neighbours",
            "line one\nline two\r\nline three",
            "tab\there",
            "emoji 😀🏃‍♀️👩‍👩‍👧 and flags 🇫🇷",
            "跑步 三十分钟",
            "Cre\u{300}me bru\u{302}le\u{301}e",     // decomposed: combining marks
            "Crème brûlée",                             // precomposed
            "control \u{1}\u{1f}\u{7f} bytes",
            "\u{2028}separators\u{2029}",
            "  leading and trailing spaces  ",
            "{\"looks\": [\"like\", \"json\"]}",
            "x",
        ]
        var activities: [Activity] = []
        for (index, name) in names.enumerated() {
            activities.append(Activity(
                id: index.isMultiple(of: 2) ? Activity.derivedID(fromName: name) : "id \"\(index)\" ✓",
                name: name, days: try #require(Weekdays(mask: 1 + index * 10)),
                time: try #require(TimeOfDay(minutes: index * 130)),
                createdAt: index * 1000, updatedAt: index * 2000))
        }
        var buffer = Array("[\n".utf8)
        for (position, activity) in activities.enumerated() {
            if position > 0 { buffer += Array(",\n".utf8) }
            activity.appendJSON(to: &buffer)
        }
        buffer += Array("\n]\n".utf8)

        let decoded = try Activity.decodeArray(JSONParser.parse(buffer))
        try #require(decoded.count == activities.count)
        for (original, back) in zip(activities, decoded) {
            #expect(back.hasSameDefinition(as: original))
            // Swift's == treats canonically equivalent strings as equal; the bytes must match too.
            #expect(Array(back.name.utf8) == Array(original.name.utf8))
            #expect(Array(back.id.utf8) == Array(original.id.utf8))
            // Timestamps are imported as they were exported.
            #expect(back.createdAt == original.createdAt)
            #expect(back.updatedAt == original.updatedAt)
        }
    }

    @Test("Precomposed and decomposed names stay distinct through JSON")
    func normalisationIsNotApplied() throws {
        let precomposed = "\u{e9}", decomposed = "e\u{301}"
        for name in [precomposed, decomposed] {
            var buffer: [UInt8] = []
            JSONWriter.appendString(name, to: &buffer)
            guard case let .string(back) = try JSONParser.parse(buffer) else {
                Issue.record("not a string")
                continue
            }
            #expect(Array(back.unicodeScalars) == Array(name.unicodeScalars))
        }
    }
}
