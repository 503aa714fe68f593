/// A JSON syntax error with the line and column where reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int
    public var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}

extension JSONSyntaxError: ReportableError {
    public var userMessage: String { description }
    public var reason: ErrorReason { .invalidJSON }
}

/// A strict RFC 8259 parser over UTF-8 bytes (no comments, no trailing commas).
/// Besides reading a whole document as one tree, it reads one part by part: a
/// value whole, or skipped (checked, not kept), or an object member by member and
/// an array element by element, so that a large document never becomes one tree.
public struct JSONParser {
    private let bytes: ArraySlice<UInt8>
    private var index: Int
    /// How many objects and arrays enclose the next value.
    private var depth = 0
    /// Just inside an object or array: no separator before its first member.
    private var atFirst = false
    /// Deep nesting is refused rather than overflowing the stack.
    private static let maximumDepth = 512

    /// Where the parser is, to come back to (`position = saved`) and read a part again.
    public struct Position {
        fileprivate let index: Int
        fileprivate let depth: Int
    }

    public var position: Position {
        get { Position(index: index, depth: depth) }
        set { index = newValue.index; depth = newValue.depth; atFirst = false }
    }

    /// A parser of `bytes`, which it reads in place (a slice is not copied).
    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
        // A UTF-8 byte order mark is tolerated, as most JSON readers do.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
    }

    public init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        let value = try parser.readValue()
        try parser.finish()
        return value
    }

    /// Reads a top-level array one element at a time, handing each to `body` with
    /// its index: a file of a million records never becomes one tree in memory.
    /// A document that is not an array is handed to `notAnArray` whole.
    public static func forEachElement(
        ofArray bytes: [UInt8], _ body: (JSONValue, Int) throws -> Void,
        notAnArray: (JSONValue) throws -> Void
    ) throws {
        var parser = JSONParser(bytes)
        guard try parser.nextKind() == .array else {
            try notAnArray(try parse(bytes))
            return
        }
        parser.enterArray()
        var count = 0
        while try parser.nextElement() {
            try body(try parser.readValue(), count)
            count += 1
        }
        try parser.finish()
    }

    /// What the next value is, without reading it.
    public mutating func nextKind() throws(JSONSyntaxError) -> JSONValue.Kind {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        skipWhitespace()
        guard index < bytes.endIndex else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character")
        }
    }

    /// The next value, whole.
    public mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        switch try nextKind() {
        case .object:
            enterObject()
            var members: [(key: String, value: JSONValue)] = []
            while let key = try nextMember() { members.append((key, try readValue())) }
            return .object(members)
        case .array:
            enterArray()
            var elements: [JSONValue] = []
            while try nextElement() { elements.append(try readValue()) }
            return .array(elements)
        case .string: return .string(try string())
        case .bool where bytes[index] == UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case .bool: try literal("false"); return .bool(false)
        case .null: try literal("null"); return .null
        case .number: return .number(try number())
        }
    }

    /// Checks the next value as `readValue` does, keeping nothing of it.
    public mutating func skipValue() throws(JSONSyntaxError) {
        switch try nextKind() {
        case .object:
            enterObject()
            while try nextMember() != nil { try skipValue() }
        case .array:
            enterArray()
            while try nextElement() { try skipValue() }
        default:
            _ = try readValue()
        }
    }

    /// Hands `body` the name of each member of the next value, with the parser
    /// at the member's value (which `body` must read or skip); a value that is
    /// not an object is skipped. Returns whether it was an object.
    @discardableResult
    public mutating func forEachMember(_ body: (String, inout JSONParser) throws -> Void) throws -> Bool {
        guard try nextKind() == .object else {
            try skipValue()
            return false
        }
        enterObject()
        while let name = try nextMember() { try body(name, &self) }
        return true
    }

    /// Steps into the object that `nextKind` found; `nextMember` then reads its names.
    public mutating func enterObject() {
        index += 1
        depth += 1
        atFirst = true
    }

    /// The name of the object's next member, leaving the parser at its value
    /// (which must be read or skipped before the next call); nil after the last.
    public mutating func nextMember() throws(JSONSyntaxError) -> String? {
        skipWhitespace()
        if atFirst {
            atFirst = false
            if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return nil }
        } else if peek(UInt8(ascii: ",")) {
            index += 1
            skipWhitespace()
        } else if peek(UInt8(ascii: "}")) {
            index += 1; depth -= 1; return nil
        } else {
            throw error("expected ',' or '}' in an object")
        }
        guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in quotes") }
        let key = try string()
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
        index += 1
        return key
    }

    /// Steps into the array that `nextKind` found; `nextElement` then moves through it.
    public mutating func enterArray() {
        index += 1
        depth += 1
        atFirst = true
    }

    /// Whether the array has another element, leaving the parser at it (to be
    /// read or skipped before the next call).
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if atFirst {
            atFirst = false
            if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return false }
            return true
        }
        if peek(UInt8(ascii: ",")) { index += 1; return true }
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return false }
        throw error("expected ',' or ']' in an array")
    }

    /// Checks that nothing but white space follows the value read.
    public mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index == bytes.endIndex else { throw error("unexpected text after the JSON value") }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1 // opening quote
        let start = index
        // Most strings have no escapes: their bytes are validated and taken as they are.
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = try validated(bytes[start..<index], start: start)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                return try escapedString(from: start)
            case 0..<0x20:
                throw error("control character in a string (write it as an escape)")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// The rest of a string that has escapes, collected as UTF-8.
    private mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try validated(utf8[...], start: start)
            case UInt8(ascii: "\\"):
                index += 1
                Unicode.UTF8.encode(try escape()) { utf8.append($0) }
            case 0..<0x20:
                throw error("control character in a string (write it as an escape)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func validated(_ utf8: ArraySlice<UInt8>, start: Int) throws(JSONSyntaxError) -> String {
        // ASCII needs no validation, and decoding it is the fastest way to a String.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            index = start
            throw error("invalid UTF-8 in a string")
        }
        return text
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard index < bytes.endIndex else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{c}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low one.
                guard index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate in \\u escape")
                }
                index += 2
                let second = try hex4()
                guard (0xDC00...0xDFFF).contains(second) else { throw error("invalid surrogate pair in \\u escape") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("lone surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.endIndex else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard digits() > 0 else { throw error("invalid number") }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.endIndex, bytes[index..<index + count].elementsEqual(expected) else {
            throw error("unexpected word")
        }
        index += count
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.endIndex && bytes[index] == byte }

    private mutating func skipWhitespace() {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.endIndex)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }
}
