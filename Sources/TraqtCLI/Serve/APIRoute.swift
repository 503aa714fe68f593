import HTTPServer
import TraqtCore

/// One endpoint: what the server dispatches on, what the OpenAPI document
/// describes, and what a token needs to call it.
struct APIRoute: Sendable {
    let method: String
    /// Literal segments and `{name}` parameters: `/v1/activities/{id}/done`.
    let pattern: String
    /// Nil: served to anyone (the page's own files, which hold no data).
    let scope: APIScope?
    let summary: String
    let handle: @Sendable (APICall) throws -> HTTPResponse

    /// The parameters when `path` fits the pattern, else nil.
    func parameters(of path: String) -> [String: String]? {
        let want = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let have = path.split(separator: "/", omittingEmptySubsequences: false)
        guard want.count == have.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, given) in zip(want, have) {
            if expected.hasPrefix("{") && expected.hasSuffix("}") {
                guard !given.isEmpty else { return nil }
                parameters[String(expected.dropFirst().dropLast())] = String(given)
            } else if !expected.utf8.elementsEqual(given.utf8) {
                return nil
            }
        }
        return parameters
    }
}

/// What a handler is given: the request, its path's parameters, the one
/// reading of the clock, and the store it may open.
struct APICall {
    let request: HTTPRequest
    let parameters: [String: String]
    let now: Instant
    let service: APIService

    func parameter(_ name: String) -> String { parameters[name]! }

    /// The body as JSON; an empty body is an empty object.
    func jsonBody() throws -> JSONValue {
        guard !request.body.isEmpty else { return .object([]) }
        return try JSONParser.parse(request.body)
    }
}

/// Where the server's store is and how long a request waits for its lock.
struct APIService: Sendable {
    let location: DatabaseLocation
    let busyTimeoutMilliseconds: Int32
    let allowAnonymousRead: Bool
    /// The event stream's watcher; nil where none runs (in-process tests).
    var events: EventHub?

    func openForReading() throws -> ActivityStore {
        try ActivityStore.openForReading(location, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    func openForWriting(createIfMissing: Bool) throws -> ActivityStore {
        try ActivityStore.openForWriting(location, createIfMissing: createIfMissing,
                                         busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }
}
