import TraqtCore

/// Why push refused a document, named by where it came from (65, or 77 when
/// not authorized): nothing of it was applied; or that some of its
/// notifications were refused, each on its own.
enum PushCommandError: Error, CustomStringConvertible {
    case invalidJSON(JSONSyntaxError, source: String)
    case refused(PushError, source: String)
    /// The one notification of a document was refused: nothing was applied.
    case notificationRefused(String, source: String)
    /// Notifications were refused (each already reported); the others were applied or skipped.
    case notificationsRefused(Int, of: Int)
    /// `--follow`: lines were refused (each already reported); the rest were applied.
    case linesRefused(Int, of: Int, unauthorized: Bool)

    var description: String {
        switch self {
        case let .invalidJSON(error, source): return "\(source): \(error); nothing was applied"
        case let .refused(error, source): return "\(source): \(error.userMessage)"
        case let .notificationRefused(message, source): return "\(source): \(message); nothing was applied"
        case let .notificationsRefused(count, total) where count == total:
            return "all \(count) notifications were refused (see above); nothing was applied"
        case let .notificationsRefused(count, total):
            return "\(count) of \(total) notifications \(count == 1 ? "was" : "were") refused (see above); the others were applied or skipped"
        case let .linesRefused(count, total, _):
            return "\(count) of \(total) lines \(count == 1 ? "was" : "were") refused (see above); the others were applied"
        }
    }
}

extension PushCommandError: ReportableError {
    var userMessage: String { description }

    var reason: ErrorReason {
        switch self {
        case let .invalidJSON(error, _): return error.reason
        case let .refused(error, _): return error.reason
        case .notificationRefused, .notificationsRefused: return .invalid
        case let .linesRefused(_, _, unauthorized): return unauthorized ? .unauthorized : .invalid
        }
    }
}
