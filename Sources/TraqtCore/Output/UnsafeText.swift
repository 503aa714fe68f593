/// Characters that must never reach a terminal or a JSON consumer as they are:
/// C0 controls, DEL and C1 controls (they drive terminals: escape sequences,
/// OSC titles), and the bidirectional controls and separators that reorder or
/// break what is shown (U+202E makes `txt.exe` read `exe.txt`). Text output
/// replaces them with U+FFFD; JSON escapes them as `\u` and four hex digits.
public enum UnsafeText {
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: return true
        // Arabic letter mark, left-to-right and right-to-left marks.
        case 0x061C, 0x200E, 0x200F: return true
        // Line and paragraph separators, embeddings and overrides.
        case 0x2028...0x202E: return true
        // Isolates.
        case 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The length in bytes of the unsafe character starting at `bytes[offset]`
    /// of valid UTF-8, or 0 when the character there is safe. Works on bytes so
    /// that output paths can copy clean runs without decoding.
    @inline(__always)
    public static func unsafeLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return 1 }
        guard byte >= 0xC2, offset + 1 < bytes.count else { return 0 }
        let next = bytes[offset + 1]
        switch byte {
        case 0xC2: return next < 0xA0 ? 2 : 0                       // U+0080…U+009F
        case 0xD8: return next == 0x9C ? 2 : 0                      // U+061C
        case 0xE2:
            guard offset + 2 < bytes.count else { return 0 }
            let last = bytes[offset + 2]
            if next == 0x80 && (last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last)) { return 3 }
            if next == 0x81 && (0xA6...0xA9).contains(last) { return 3 }
            return 0
        default: return 0
        }
    }

    /// Whether valid UTF-8 `bytes` hold any unsafe character.
    public static func containsUnsafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in bytes.indices where unsafeLength(in: bytes, at: offset) > 0 { return true }
        return false
    }

    /// `text` with every unsafe character replaced by U+FFFD.
    public static func replacingUnsafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "\u{FFFD}" : $0 }))
    }
}
