/// An event as it is asked for, before the store's rules have seen it: a live
/// command's, a pushed notification's, and next an HTTP request's.
/// `ActivityStore.applyLive` and `applyPush` take lists of them: the one path
/// from asked-for events to outcomes.
public protocol LiveRequest {
    /// Which live activity it is for; a push token is looked up when applied,
    /// in the same transaction, so a token rotated meanwhile is not used.
    var address: LiveAddress { get }
    /// A push's place among the pushes of its live activity; nil for a local
    /// command, which takes no part in their ordering.
    var order: PushOrder? { get }
    /// What it changes.
    var change: LiveChange { get }
    /// The alert sent with it (compact JSON), kept with the event.
    var alert: String? { get }
    /// What the rules refuse in the request itself, before any live activity is
    /// looked at (the size of its payload, its dates).
    var refusedBeforeApplying: LiveError? { get }
    /// What to throw when the store's rules refuse it, in the words of whoever
    /// asked (a push names the notification and its field).
    func refusal(_ error: LiveError) -> any Error
}

/// What orders a push among the others sent to its live activity.
public struct PushOrder: Equatable, Sendable {
    /// nil: it is applied whenever it arrives.
    public var timestamp: PushTimestamp?
    /// Its payload as compact JSON: the same request sent again has the same.
    public var payload: String

    public init(timestamp: PushTimestamp?, payload: String) {
        self.timestamp = timestamp
        self.payload = payload
    }
}

/// How a request names its live activity: by id (a local sender, a vendor's
/// `live_activity_id`), or as APNs does, by a push token traqt issued (a live
/// activity's own, or an attributes type's push-to-start token), or by a
/// broadcast channel its subscribers joined.
public enum LiveAddress: Equatable, Sendable {
    case id(String)
    /// The token as the sender gave it, checked when looked up: one traqt could
    /// not have made is unknown (`BadDeviceToken`), as any other unknown one.
    case pushToken(String)
    case channel(String)

    /// The refusal when nothing has this address.
    var unknown: LiveError {
        switch self {
        case let .id(id): return .unknownID(id)
        case let .pushToken(token): return .unknownPushToken(token)
        case let .channel(channel): return .unknownChannel(channel)
        }
    }
}

extension LiveEvent: LiveRequest {
    public var address: LiveAddress { .id(id) }
    public var order: PushOrder? { nil }
    public var alert: String? { nil }
    public var refusedBeforeApplying: LiveError? { nil }
    public func refusal(_ error: LiveError) -> any Error { error }
}
