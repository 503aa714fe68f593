/// What applying an event did.
public enum LiveOutcome: Equatable, Sendable {
    /// `pushToken` is the new run's token when the start asked for it
    /// (`input-push-token`), so that the sender can address it.
    case started(id: String, pushToken: String? = nil)
    case updated(id: String)
    case ended(id: String, elapsedSeconds: Int)
    /// A local end of one that had already ended (not an error).
    case alreadyEnded(id: String, elapsedSeconds: Int)
    /// A push the live activity ignores, as a device ignores it.
    case skipped(id: String, LiveSkip)

    public var id: String {
        switch self {
        case let .started(id, _), let .updated(id), let .ended(id, _), let .alreadyEnded(id, _), let .skipped(id, _): id
        }
    }
}

/// Why a push changed nothing, though nothing was wrong with it.
public enum LiveSkip: Equatable, Sendable {
    /// Its timestamp is older than the last push applied.
    case older(than: PushTimestamp)
    /// The same request again: the last push applied had this timestamp and content.
    case sameRequest(PushTimestamp)
    /// The live activity ended at this moment (or its time limit ended it).
    case ended(at: Instant)
    /// A start to a running live activity, not newer than the last push applied to it.
    case running(since: Instant)

    /// The name a program reads, spelled as reasons are.
    public var name: String {
        switch self {
        case .older: "Older"
        case .sameRequest: "SameRequest"
        case .ended: "Ended"
        case .running: "AlreadyRunning"
        }
    }

    public var description: String {
        switch self {
        case let .older(last): "older than the last push applied (timestamp \(last))"
        case let .sameRequest(timestamp): "the same request again (timestamp \(timestamp))"
        case let .ended(at): "ended at \(at)"
        case let .running(since): "a start, and it is running since \(since)"
        }
    }
}
