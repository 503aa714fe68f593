/// Bytes as a URL's path segment holds them: letters, digits and `-._~` kept,
/// every other byte as `%XX` (RFC 3986's unreserved set), so any id, spaces and
/// all Unicode included, becomes ASCII that reads back as the same bytes.
public enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    public static func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to buffer: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                buffer.append(byte)
            default:
                buffer += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
    }

    public static func encoded(_ text: String) -> String {
        var buffer: [UInt8] = []
        append(text.utf8, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
