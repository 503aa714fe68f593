/// One request as the server hands it to a handler: whole, its body read.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The path without the query, as sent (percent-escapes decoded by the library).
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
