/// Appends JSON text to a byte buffer: no intermediate strings, so output can
/// stream row by row.
public enum JSONWriter {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string, quoted and escaped (non-ASCII stays as UTF-8).
    public static func appendString(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &buffer) }
    }

    /// Control characters (C0, DEL, C1) and the bidirectional controls and
    /// separators of `UnsafeText` are escaped as `\u` and four hex digits (`\u202e`), so that a consumer
    /// that prints a value cannot be made to drive a terminal or reorder text.
    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var runStart = 0, offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            let unsafe = byte == 0x22 || byte == 0x5C ? 1 : UnsafeText.unsafeLength(in: bytes, at: offset)
            guard unsafe > 0 else { offset += 1; continue }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            switch byte {
            case 0x22: buffer += [0x5C, 0x22]                  // \"
            case 0x5C: buffer += [0x5C, 0x5C]                  // \\
            case 0x0A: buffer += [0x5C, UInt8(ascii: "n")]
            case 0x0D: buffer += [0x5C, UInt8(ascii: "r")]
            case 0x09: buffer += [0x5C, UInt8(ascii: "t")]
            default:
                var scalar = UInt32(byte)
                if unsafe == 2 { scalar = (UInt32(byte & 0x1F) << 6) | UInt32(bytes[offset + 1] & 0x3F) }
                if unsafe == 3 {
                    scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[offset + 1] & 0x3F) << 6)
                        | UInt32(bytes[offset + 2] & 0x3F)
                }
                buffer += [0x5C, UInt8(ascii: "u")]
                for shift in stride(from: 12, through: 0, by: -4) {
                    buffer.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
                }
            }
            offset += unsafe
            runStart = offset
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends, quoted, text that needs no escaping (dates, times, numbers)
    /// written by `write`.
    public static func appendText(of write: (inout [UInt8]) -> Void, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        write(&buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    public static func appendInteger(_ value: Int, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: String(value).utf8)
    }

    public static func appendRaw(_ text: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
