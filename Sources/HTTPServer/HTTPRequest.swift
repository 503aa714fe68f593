/// One request as the server hands it to a handler: whole, its body read.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The path without the query, as sent: percent-escapes kept, so that
    /// `pathSegments` can tell a `/` from a `%2F`.
    public let path: String
    /// Header names as sent; `header(_:)` looks them up without regard to case.
    public let headers: [(name: String, value: String)]
    /// The query's parameters, in order, decoded.
    public let query: [(name: String, value: String)]
    public let body: [UInt8]

    public init(method: String, path: String, headers: [(name: String, value: String)] = [],
                query: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.query = query
        self.body = body
    }

    /// The first header of this name (HTTP names are case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercasedASCII == name.lowercasedASCII }?.value
    }

    /// The path's segments, each percent-decoded: `/v1/activities/a%2Fb` is
    /// `["", "v1", "activities", "a/b"]`.
    public var pathSegments: [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Self.percentDecoded)
    }

    /// `%XX` as the byte it names; anything else (a `%` without two hex
    /// digits too) as it is, as libmicrohttpd's own decoding does.
    public static func percentDecoded<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), let high = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex),
               high != bytes.endIndex, let low = bytes.index(high, offsetBy: 1, limitedBy: bytes.endIndex),
               low != bytes.endIndex, let value = hexValue(bytes[high], bytes[low]) {
                decoded.append(value)
                index = bytes.index(after: low)
            } else {
                decoded.append(byte)
                index = bytes.index(after: index)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ high: UInt8, _ low: UInt8) -> UInt8? {
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard let high = digit(high), let low = digit(low) else { return nil }
        return high << 4 | low
    }

    /// The first query parameter of this name.
    public func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

extension String {
    /// ASCII letters lowered, the rest kept: what HTTP's case-insensitive
    /// names need, without the Unicode tables `lowercased()` loads.
    public var lowercasedASCII: String {
        String(decoding: utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
