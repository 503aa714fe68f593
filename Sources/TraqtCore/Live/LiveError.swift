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
    /// No live activity and no push-to-start type has this push token (or it
    /// was rotated, or its run pruned): APNs's `BadDeviceToken`.
    case unknownPushToken(String)
    /// The token's live activity was dismissed at this moment: APNs's `Unregistered`.
    case unregistered(id: String, since: Instant)
    /// A push-to-start token takes only a start, of its own type, with
    /// `attributes-type`, `attributes` and `alert` (as iOS requires).
    case notAStart(type: String)
    case wrongType(tokenType: String, given: String)
    case incompleteStart(type: String, missing: [String])

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
        case let .unknownPushToken(token):
            return "no live activity has the push token '\(Self.shortened(token))' (BadDeviceToken)"
        case let .unregistered(id, since):
            return "the live activity '\(id)' of this push token was dismissed at \(since) (Unregistered)"
        case let .notAStart(type):
            return "the push-to-start token of '\(type)' takes only a start"
        case let .wrongType(tokenType, given):
            return "the push-to-start token is for '\(tokenType)', not for attributes-type '\(given)'"
        case let .incompleteStart(type, missing):
            return "a start sent to the push-to-start token of '\(type)' must carry " +
                missing.map { "'\($0)'" }.joined(separator: ", ")
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
        case .notAnObject, .notAStart, .wrongType, .incompleteStart: return .invalid
        case .unknownPushToken: return .badDeviceToken
        case .unregistered: return .unregistered
        }
    }
}

extension LiveError {
    /// A token as messages show it: its first 8 characters (enough to tell it
    /// apart, too little to use), any other text cut as quoted values are.
    static func shortened(_ token: String) -> String {
        PushToken(token)?.shortened ?? (token.utf8.count > 8 ? String(token.prefix(8)) + "…" : token)
    }
}
