/// What became of one pushed notification, as a sender is answered for it:
/// applied, skipped as a device skips it, or refused with a reason.
public struct PushOutcome: Sendable {
    public enum Result: Sendable {
        case applied(LiveOutcome)
        case skipped(id: String, LiveSkip)
        case refused(PushRefusal)
    }

    /// The notification's 0-based index in its document.
    public let index: Int
    /// The live activity it reached; nil when it reached none.
    public let id: String?
    /// The push token it was addressed to, or that a start reports back (`input-push-token`).
    public let pushToken: String?
    /// `start`, `update` or `end`.
    public let event: String
    public let result: Result

    public var isRefused: Bool {
        if case .refused = result { return true }
        return false
    }

    init(_ notification: PushNotification, outcome: LiveOutcome) {
        index = notification.index
        id = outcome.id
        event = notification.event
        switch outcome {
        case let .skipped(id, skip):
            pushToken = notification.pushToken
            result = .skipped(id: id, skip)
        case let .started(_, token?):
            pushToken = token
            result = .applied(outcome)
        default:
            pushToken = notification.pushToken
            result = .applied(outcome)
        }
    }

    init(_ notification: PushNotification, refusal: LiveError) {
        index = notification.index
        id = notification.id
        pushToken = notification.pushToken
        event = notification.event
        result = .refused(PushRefusal(notification, refusal))
    }
}

/// Why a notification was refused: the reason a sender acts on, and the words a person reads.
public struct PushRefusal: Error, Sendable {
    /// What the rules refused, as the store says it.
    public let error: LiveError
    public let reason: PushReason
    /// `notification N, field 'F': …`.
    public let message: String
    /// For `Unregistered`: when the token stopped being valid, as APNs says it.
    public let since: Instant?

    init(_ notification: PushNotification, _ error: LiveError) {
        self.error = error
        reason = error.pushReason
        message = "\(PushError.invalid(index: notification.index, field: Self.field(of: error, notification), message: error.description))"
        if case let .unregistered(_, since) = error { self.since = since } else { since = nil }
    }

    /// The field a refusal is about: the date's own, else the one naming the live activity.
    private static func field(of error: LiveError, _ notification: PushNotification) -> String? {
        switch error {
        case let .badDate(field, _), let .tooLarge(field, _): return field
        case .payloadTooLarge: return nil
        default: return notification.idField
        }
    }
}
