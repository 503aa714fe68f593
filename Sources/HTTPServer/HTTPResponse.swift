/// What a handler answers: a status, headers and the whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Sent as it comes instead of `body`, until it is closed.
    public var stream: HTTPStream?

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: body)
    }
}

extension HTTPResponse {
    /// The whole answer as HTTP/1.1 puts it on the wire, closing the
    /// connection: for the one answer sent without libmicrohttpd (the
    /// watchdog's 408, to a connection it cuts).
    var wireBytes: [UInt8] {
        var text = "HTTP/1.1 \(status) \(HTTPStatus.phrase(status))\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(text.utf8) + body
    }
}
