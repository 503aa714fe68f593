/// Why a live activity could not be started, updated or ended. Nothing was
/// changed when one is thrown.
public enum LiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No live activity has this id (or it was pruned).
    case unknownID(String)
    /// A start of an id that is active or stale.
    case alreadyRunning(id: String, since: Instant)
    /// An update of an id that has ended (or that its time limit ended).
    case ended(id: String, at: Instant)
    /// `live start ACTIVITY_ID` names no activity.
    case unknownActivity(String)
    /// A JSON object over 4096 bytes as stored.
    case tooLarge(field: String, bytes: Int)
    case notAnObject(field: String, found: String)

    public var description: String {
        switch self {
        case let .unknownID(id):
            return "no live activity with id '\(id)'"
        case let .alreadyRunning(id, since):
            return "the live activity '\(id)' is already running, since \(since)"
        case let .ended(id, at):
            return "the live activity '\(id)' has ended, at \(at)"
        case let .unknownActivity(id):
            return "no activity with id '\(id)'"
        case let .tooLarge(field, bytes):
            return "the \(field) is \(bytes) bytes as compact JSON; at most \(LiveObject.byteLimit) are allowed"
        case let .notAnObject(field, found):
            return "the \(field) must be a JSON object, not \(found)"
        }
    }
}

extension LiveError: ReportableError {
    public var userMessage: String { "\(description); nothing was changed" }

    public var reason: ErrorReason {
        switch self {
        case .unknownID, .unknownActivity: return .notFound
        case .alreadyRunning: return .alreadyRunning
        case .ended: return .ended
        case .tooLarge: return .tooLarge
        case .notAnObject: return .invalid
        }
    }
}
