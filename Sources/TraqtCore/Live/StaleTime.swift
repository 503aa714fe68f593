/// When the content of a start or update goes stale: at a moment, or a span
/// after the event.
public enum StaleTime: Equatable, Sendable {
    case at(Instant)
    case after(TimeSpan)

    public func instant(after event: Instant) -> Instant {
        switch self {
        case let .at(moment): return moment
        case let .after(span): return Instant(seconds: event.seconds + span.seconds)
        }
    }
}
