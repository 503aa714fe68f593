/// Appends JSON text to a byte buffer: no intermediate strings, so output can
/// stream row by row.
public enum JSONWriter {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string, quoted and escaped (non-ASCII stays as UTF-8).
    public static func appendString(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &buffer) }
    }

    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var runStart = 0
        for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            runStart = offset + 1
            switch byte {
            case 0x22: buffer += [0x5C, 0x22]                  // \"
            case 0x5C: buffer += [0x5C, 0x5C]                  // \\
            case 0x0A: buffer += [0x5C, UInt8(ascii: "n")]
            case 0x0D: buffer += [0x5C, UInt8(ascii: "r")]
            case 0x09: buffer += [0x5C, UInt8(ascii: "t")]
            default:
                buffer += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                           hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
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
