/// The text columns a reader shows (an activity's id and name), checked on the
/// bytes it is about to copy out: SQLite stores any bytes as text, so another
/// program can write what traqt's own input checks would refuse (invalid UTF-8,
/// NUL, a megabyte-long name). Such a row is refused like any other bad row,
/// which keeps every export one that imports back. The common row, printable
/// ASCII of a few dozen bytes, costs one pass over its bytes.
enum StoredText {
    /// Why `bytes` cannot be an activity's name (see `Activity.validate(name:)`), or nil.
    @inline(__always)
    static func nameProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        problem(bytes, field: "name", limit: Activity.maximumNameBytes, refusesControls: false) { text throws(InvalidValue) in
            try Activity.validate(name: text)
        }
    }

    /// Why `bytes` cannot be an activity's id (see `Activity.validate(id:)`), or nil.
    @inline(__always)
    static func idProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        problem(bytes, field: "id", limit: Activity.maximumIDBytes, refusesControls: true) { text throws(InvalidValue) in
            try Activity.validate(id: text)
        }
    }

    /// Settles the common case on the bytes: valid UTF-8 within `limit`, with a
    /// visible ASCII character (so not blank), without NUL (nor, with
    /// `refusesControls`, a C0 or C1 control or DEL). Anything else is valid
    /// UTF-8 or not, and if it is, `validate` (the input check) has the last word.
    @inline(__always)
    private static func problem(_ bytes: UnsafeBufferPointer<UInt8>, field: String, limit: Int, refusesControls: Bool,
                                validate: (String) throws(InvalidValue) -> Void) -> String? {
        if bytes.count <= limit && isVisibleASCII(bytes) { return nil }
        var visible = false, suspicious = bytes.count > limit, ascii = true
        for byte in bytes {
            if byte > 0x20 && byte < 0x7F {
                visible = true
            } else if byte >= 0x80 {
                ascii = false
            } else if byte == 0 || (refusesControls && (byte < 0x20 || byte == 0x7F)) {
                suspicious = true
            }
        }
        if !ascii {
            if let offset = firstInvalidUTF8(in: bytes) {
                let hex = String(bytes[offset], radix: 16, uppercase: true)
                return "the \(field) is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" : "")\(hex) at offset \(offset))"
            }
            if refusesControls && containsC1Control(bytes) { suspicious = true }
        }
        guard suspicious || !visible else { return nil }
        do throws(InvalidValue) {
            try validate(String(decoding: bytes, as: UTF8.self))
            return nil
        } catch {
            return error.description
        }
    }

    /// Whether `bytes` are all printable ASCII (space to `~`), not all spaces:
    /// eight bytes at a time, since every row a reader shows asks.
    @inline(__always)
    private static func isVisibleASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80, spaces = ones &* 0x20
        var offset = 0, outside: UInt64 = 0, visible = false
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            // High bit set in a byte: 0x80 or above, below 0x20 (it borrows), or DEL (0x7F + 1 carries).
            outside |= word | ((word &- spaces) & ~word) | (word &+ ones)
            visible = visible || word != spaces
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            outside |= byte < 0x20 || byte >= 0x7F ? high : 0
            visible = visible || byte != 0x20
            offset += 1
        }
        return outside & high == 0 && visible
    }

    /// Where the first byte that does not belong to well-formed UTF-8 is (no
    /// overlong form, no surrogate, nothing past U+10FFFF), or nil.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            // How many continuation bytes follow, and the range of the first one.
            let count: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (count, second) = (1, 0x80...0xBF)
            case 0xE0: (count, second) = (2, 0xA0...0xBF)
            case 0xED: (count, second) = (2, 0x80...0x9F)
            case 0xE1...0xEF: (count, second) = (2, 0x80...0xBF)
            case 0xF0: (count, second) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (count, second) = (3, 0x80...0xBF)
            case 0xF4: (count, second) = (3, 0x80...0x8F)
            default: return offset
            }
            guard offset + count < bytes.count, second.contains(bytes[offset + 1]) else { return offset }
            for next in offset + 2 ..< offset + 1 + count where !(0x80...0xBF).contains(bytes[next]) {
                return offset
            }
            offset += 1 + count
        }
        return nil
    }

    /// Whether valid UTF-8 `bytes` hold U+0080…U+009F (0xC2 0x80…0x9F).
    private static func containsC1Control(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in bytes.indices.dropLast() where bytes[offset] == 0xC2 && bytes[offset + 1] < 0xA0 {
            return true
        }
        return false
    }
}
