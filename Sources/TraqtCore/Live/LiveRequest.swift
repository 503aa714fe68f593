/// An event as it is asked for, before the store's rules have seen it: a live
/// command's, a pushed notification's, and next an HTTP request's.
/// `ActivityStore.applyLive` takes a list of them: the one path from asked-for
/// events to outcomes.
public protocol LiveRequest {
    var id: String { get }
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

extension LiveEvent: LiveRequest {
    public func readChange() -> LiveChange { change }
    public func refusal(_ error: LiveError) -> any Error { error }
}
