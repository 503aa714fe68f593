import HTTPServer
import TraqtCore

/// Answers one request: finds its route, checks who is asking, calls the
/// endpoint, and turns any error into its problem answer. No sockets: the
/// daemon calls it per request, and tests call it directly.
struct APIDispatcher: Sendable {
    let service: APIService
    let routes: [APIRoute]
    let clock: @Sendable () -> Instant

    init(service: APIService, routes: [APIRoute] = APIEndpoints.routes, clock: @escaping @Sendable () -> Instant = Instant.now) {
        self.service = service
        self.routes = routes
        self.clock = clock
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let (route, parameters) = try self.route(request)
            let now = clock()
            let reader = try authorize(request, for: route, now: now)
            if !request.body.isEmpty { try checkContentType(request) }
            var answer = try route.handle(APICall(request: request, parameters: parameters, now: now, service: service,
                                                     routes: routes, reader: reader))
            answer.headers.append(("Cache-Control", "no-store"))
            return answer
        } catch {
            return ProblemDetails.response(for: error)
        }
    }

    /// The route of the path and method; HEAD is GET without the body.
    private func route(_ request: HTTPRequest) throws(APIError) -> (APIRoute, [String: String]) {
        let method = request.method == "HEAD" ? "GET" : request.method
        let segments = request.pathSegments
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.parameters(of: segments) else { continue }
            if route.method == method { return (route, parameters) }
            allowed.append(route.method)
        }
        guard !allowed.isEmpty else { throw .noRoute(path: request.path) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        throw .methodNotAllowed(method: request.method, allowed: allowed)
    }

    /// A route's scope needs a token that has it. Without a header, reads are
    /// anonymous only when the server allows it; a wrong token never is.
    /// Returns the store opened to look the token up, for the handler to read
    /// with (an open costs a file check and a schema check, or a connection).
    private func authorize(_ request: HTTPRequest, for route: APIRoute, now: Instant) throws -> ActivityStore? {
        guard let needed = route.scope else { return nil }
        guard let header = request.header("Authorization") else {
            if service.allowAnonymousRead && needed == .read && route.method == "GET" { return nil }
            throw APIError.unauthenticated(wrongToken: false)
        }
        guard let secret = Self.bearerToken(header) else { throw APIError.unauthenticated(wrongToken: true) }
        let store = try service.openForReading()
        guard let token = try store.apiToken(authorizing: secret, now: now) else {
            throw APIError.unauthenticated(wrongToken: true)
        }
        guard token.scope.allows(needed) else { throw APIError.forbidden(token: token.name, needs: needed) }
        return store
    }

    /// The token of `Bearer TOKEN` (the scheme in any case, RFC 9110).
    static func bearerToken(_ header: String) -> String? {
        let words = header.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, String(words[0]).lowercasedASCII == "bearer" else { return nil }
        return String(words[1])
    }

    private func checkContentType(_ request: HTTPRequest) throws(APIError) {
        let type = request.header("Content-Type") ?? ""
        let essence = type.split(separator: ";").first.map { String($0).trimmingWhitespace().lowercasedASCII } ?? ""
        guard essence == "application/json" else { throw .unsupportedMediaType(type.isEmpty ? "none" : type) }
    }
}
