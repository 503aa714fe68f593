import TraqtCore

/// Why the server refused a request before any store call: what the request
/// asked for, or who asked. Errors of the store keep their own types; every
/// one becomes an answer through `ProblemDetails`.
enum APIError: Error, Equatable {
    case noRoute(path: String)
    case methodNotAllowed(method: String, allowed: [String])
    /// No `Authorization: Bearer` header, or one that names no valid token.
    case unauthenticated(wrongToken: Bool)
    case forbidden(token: String, needs: APIScope)
    case unsupportedMediaType(String)
    case invalidParameter(name: String, message: String)
    case invalidBody(message: String)
    case bodyTooLarge(limit: Int)
    /// The request was not whole this long after it began.
    case requestTimeout(seconds: Int)
    /// The server cannot take this now (a limit of its own): try again later.
    case unavailable(String)
}

extension APIError: ReportableError {
    var userMessage: String {
        switch self {
        case let .noRoute(path): "no such resource: \(path)"
        case let .methodNotAllowed(method, allowed):
            "\(method) is not allowed here; allowed: \(allowed.joined(separator: ", "))"
        case .unauthenticated(wrongToken: false): "a bearer token is needed (Authorization: Bearer TOKEN; see traqt token add)"
        case .unauthenticated(wrongToken: true): "the bearer token is not valid: unknown, revoked or expired"
        case let .forbidden(token, needs): "the token '\(token)' may not do this: it needs the \(needs.rawValue) scope"
        case let .unsupportedMediaType(type): "the body must be application/json, not \(type)"
        case let .invalidParameter(name, message): "invalid value of '\(name)': \(message)"
        case let .invalidBody(message): "invalid body: \(message)"
        case let .bodyTooLarge(limit): "the body is over \(limit) bytes"
        case let .requestTimeout(seconds): "the request was not complete within \(seconds) s of its start"
        case let .unavailable(why): why
        }
    }

    var reason: ErrorReason {
        switch self {
        case .noRoute: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .unsupportedMediaType: .unsupportedMediaType
        case .invalidParameter: .invalidArgument
        case .invalidBody: .invalid
        case .bodyTooLarge: .tooLarge
        case .requestTimeout: .requestTimeout
        case .unavailable: .unavailable
        }
    }
}
