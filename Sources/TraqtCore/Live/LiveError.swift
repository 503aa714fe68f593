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
    /// A pushed timestamp more than `PushTimestamp.leeway` ahead of the clock.
    case timestampInFuture(PushTimestamp, now: Instant)
    /// A pushed date that is negative or can only be milliseconds.
    case badDate(field: String, PushTimestamp.Problem)
    /// An APNs payload over `PushNotification.payloadLimit` bytes.
    case payloadTooLarge(bytes: Int)
    /// No broadcast channel has this id (`input-push-channel`, `push --channel`).
    case unknownChannel(String)
    /// A broadcast channel takes updates and ends, never a start.
    case startOnChannel(String)

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
        case let .timestampInFuture(timestamp, now):
            return "the timestamp \(timestamp) is \(timestamp.instant.seconds - now.seconds) seconds ahead of this clock, " +
                "more than a day (TimestampInFuture): it would make every later push look older"
        case .badDate(_, .negative):
            return "the date is before 1970: dates are seconds since the epoch (BadDate)"
        case .badDate(_, .milliseconds):
            return "the date is above 10^11 seconds, so it can only be milliseconds: " +
                "APNs payloads carry seconds since the epoch (BadDate)"
        case let .payloadTooLarge(bytes):
            return "the APNs payload is \(bytes) bytes; at most \(PushNotification.payloadLimit) are allowed (PayloadTooLarge)"
        case let .unknownChannel(channel):
            return "no broadcast channel has the id '\(channel)' (BadChannelId)"
        case let .startOnChannel(channel):
            return "the broadcast channel '\(channel)' takes updates and ends, not a start"
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
        // A member of a request over the content limit is valid JSON the rules
        // refuse (422), not a request too large to read (413).
        case .tooLarge, .notAnObject, .notAStart, .wrongType, .incompleteStart, .timestampInFuture, .badDate, .startOnChannel:
            return .invalid
        case .payloadTooLarge: return .tooLarge
        case .unknownChannel: return .notFound
        case .unknownPushToken: return .badDeviceToken
        case .unregistered: return .unregistered
        }
    }

    /// The reason a push sender is given: APNs's where it has one.
    public var pushReason: PushReason {
        switch self {
        case .unknownID, .unknownActivity, .unknownPushToken: return .badDeviceToken
        case .unregistered: return .unregistered
        case .alreadyRunning: return .alreadyRunning
        case .notAStart, .wrongType, .incompleteStart, .startOnChannel: return .badStart
        case .tooLarge: return .contentTooLarge
        case .payloadTooLarge: return .payloadTooLarge
        case .timestampInFuture: return .timestampInFuture
        case .badDate: return .badDate
        case .unknownChannel: return .badChannelId
        // Only local commands meet these: a push skips what has ended and reads shapes first.
        case .ended, .notAnObject: return .internalServerError
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
