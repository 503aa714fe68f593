import HTTPServer
import TraqtCore

/// An error as an HTTP answer: RFC 9457's `application/problem+json`, with the
/// status and the stable reason name of the one error mapping (`ErrorReason`).
enum ProblemDetails {
    static func response(for error: any Error) -> HTTPResponse {
        guard let error = error as? any ReportableError else {
            // A bug of traqt's: said, and logged by the caller, but not detailed.
            return response(status: 500, reason: ErrorReason.internalError.name, detail: "internal error")
        }
        var answer = response(status: error.reason.httpStatus, reason: error.reason.name,
                              detail: ErrorMessage.sanitized(error.userMessage))
        switch error {
        case let error as APIError:
            if case let .methodNotAllowed(_, allowed) = error { answer.headers.append(("Allow", allowed.joined(separator: ", "))) }
            if case .unauthenticated = error { answer.headers.append(("WWW-Authenticate", "Bearer realm=\"traqt\"")) }
            if case .unavailable = error { answer.headers.append(("Retry-After", "5")) }
        default:
            // The database stayed locked past the busy timeout: worth trying again soon.
            if error.reason == .busy { answer.headers.append(("Retry-After", "1")) }
        }
        return answer
    }

    static func response(status: Int, reason: String, detail: String) -> HTTPResponse {
        var body: [UInt8] = []
        // No "type": RFC 9457 then means about:blank, whose title is the status's phrase.
        body.append(contentsOf: #"{"title":"#.utf8)
        JSONWriter.appendString(HTTPStatus.phrase(status), to: &body)
        body.append(contentsOf: #","status":"#.utf8)
        JSONWriter.appendInteger(status, to: &body)
        body.append(contentsOf: #","reason":"#.utf8)
        JSONWriter.appendString(reason, to: &body)
        body.append(contentsOf: #","detail":"#.utf8)
        JSONWriter.appendString(detail, to: &body)
        body.append(contentsOf: "}\n".utf8)
        return HTTPResponse(status: status, contentType: "application/problem+json", body: body)
    }
}
