import TraqtCore

/// Why push refused a document (65, or 77 when not authorized): nothing of it was applied.
enum PushCommandError: Error, CustomStringConvertible {
    case invalidJSON(JSONSyntaxError, source: String)
    case refused(PushError, source: String)
    /// `--follow`: lines were refused (each already reported); the rest were applied.
    case linesRefused(Int, of: Int, unauthorized: Bool)

    var description: String {
        switch self {
        case let .invalidJSON(error, source): return "\(source): \(error); nothing was applied"
        case let .refused(error, source): return "\(source): \(error); nothing was applied"
        case let .linesRefused(count, total, _):
            return "\(count) of \(total) lines \(count == 1 ? "was" : "were") refused (see above); the others were applied"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .refused(.unauthorized, _), .linesRefused(_, _, true): return .permissionDenied
        default: return .dataError
        }
    }
}
