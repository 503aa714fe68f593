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
    /// The query parameters it reads (each a string, none required).
    let query: [String]
    /// The schema of the JSON body it reads (named in `OpenAPISchemas`); nil: none.
    let body: String?
    let answer: Answer
    let handle: @Sendable (APICall) throws -> HTTPResponse

    /// What it answers when it succeeds: all the OpenAPI document needs to
    /// know that the handler cannot tell it.
    enum Answer: Sendable {
        /// 200 with JSON of the schema named in `OpenAPISchemas` (nil: any JSON).
        case json(String?)
        /// 201 with `Location` when it made the resource, else 200; JSON of the schema.
        case createdOrReplaced(String)
        case noContent
        /// 200 with `text/event-stream`, open until the server or client ends it.
        case eventStream
    }

    // The facts for the document have defaults, so a route may start without them.
    init(method: String, pattern: String, scope: APIScope?, summary: String, query: [String] = [],
         body: String? = nil, answer: Answer = .json(nil), handle: @escaping @Sendable (APICall) throws -> HTTPResponse) {
        self.method = method
        self.pattern = pattern
        self.scope = scope
        self.summary = summary
        self.query = query
        self.body = body
        self.answer = answer
        self.handle = handle
    }

    /// The names of the `{name}` segments, in order.
    var pathParameters: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }

    /// The parameters when the path's segments (each percent-decoded) fit the
    /// pattern, else nil.
    func parameters(of have: [String]) -> [String: String]? {
        let want = pattern.split(separator: "/", omittingEmptySubsequences: false)
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
/// reading of the clock, the store it may open, and the routes the server
/// dispatches on (which the OpenAPI document describes).
struct APICall {
    let request: HTTPRequest
    let parameters: [String: String]
    let now: Instant
    let service: APIService
    let routes: [APIRoute]
    /// The store the token was looked up in, if one was.
    var reader: ActivityStore? = nil

    func parameter(_ name: String) -> String { parameters[name]! }

    /// A store to read from: the one the token was checked in, else a new one.
    func openForReading() throws -> ActivityStore {
        try reader ?? service.openForReading()
    }

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
