/// What applying an event did.
public enum LiveOutcome: Equatable, Sendable {
    case started(id: String)
    case updated(id: String)
    case ended(id: String, elapsedSeconds: Int)
    /// An end of one that had already ended (not an error).
    case alreadyEnded(id: String, elapsedSeconds: Int)
    /// A pushed event not newer than the last one applied to its id.
    case skipped(id: String, notNewerThan: Instant)
}
