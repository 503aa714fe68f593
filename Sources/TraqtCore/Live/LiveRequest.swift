/// An event as it is asked for, before the store's rules have seen it: a live
/// command's, a pushed notification's, and next an HTTP request's.
/// `ActivityStore.applyLive` takes a list of them: the one path from asked-for
/// events to outcomes.
public protocol LiveRequest {
    /// Which live activity it is for; a push token is looked up when applied,
    /// in the same transaction, so a token rotated meanwhile is not used.
    var address: LiveAddress { get }
    /// Given, the event is ordered: it is skipped unless newer than the last
    /// event applied to the id, and happens then. nil: it happens when applied.
    var timestamp: Instant? { get }
    /// What it changes. Read only once it is known not to be skipped, so that
    /// a request applied twice is never refused for its content.
    func readChange() throws -> LiveChange
    /// What to throw when the store's rules refuse it, in the words of whoever
    /// asked (a push names the notification and its field).
    func refusal(_ error: LiveError) -> any Error
}

/// How a request names its live activity: by id (a local sender, a vendor's
/// `live_activity_id`), or as APNs does, by a push token traqt issued: a live
/// activity's own, or an attributes type's push-to-start token.
public enum LiveAddress: Equatable, Sendable {
    case id(String)
    /// The token as the sender gave it, checked when looked up: one traqt could
    /// not have made is unknown (`BadDeviceToken`), as any other unknown one.
    case pushToken(String)

    /// The refusal when nothing has this address.
    var unknown: LiveError {
        switch self {
        case let .id(id): return .unknownID(id)
        case let .pushToken(token): return .unknownPushToken(token)
        }
    }
}

extension LiveEvent: LiveRequest {
    public var address: LiveAddress { .id(id) }
    public func readChange() -> LiveChange { change }
    public func refusal(_ error: LiveError) -> any Error { error }
}
