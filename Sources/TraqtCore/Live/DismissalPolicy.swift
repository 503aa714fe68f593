/// When an ended live activity stops being listed, as ActivityKit's dismissal
/// policies: never later than four hours after its end.
public enum DismissalPolicy: Equatable, Sendable {
    /// Four hours after the end.
    case `default`
    /// At the end.
    case immediate
    /// At this moment; at the end if it is earlier, four hours after if later.
    case at(Instant)
    /// This long after the end, at most four hours.
    case after(TimeSpan)

    public func dismissAt(end: Instant) -> Instant {
        let latest = end.seconds + LiveActivity.dismissalWindow
        switch self {
        case .default: return Instant(seconds: latest)
        case .immediate: return end
        case let .at(moment): return Instant(seconds: min(max(moment.seconds, end.seconds), latest))
        case let .after(span): return Instant(seconds: min(end.seconds + span.seconds, latest))
        }
    }

    /// `default`, `immediate`, a duration (`15m`, read as `TimeSpan` reads it) or
    /// a date and time (read as `Instant` reads it).
    public static func parse(_ text: String) throws(InvalidValue) -> DismissalPolicy {
        try parse(text, today: { LocalDateTime.current() })
    }

    /// `parse` with the clock that a time alone (`HH:MM`) is read against, as
    /// `Instant.parse(_:today:)` takes it: a server reads it against its request's.
    public static func parse(_ text: String, today: () -> LocalDateTime) throws(InvalidValue) -> DismissalPolicy {
        switch text.lowercased() {
        case "default": return .default
        case "immediate": return .immediate
        default: break
        }
        if let span = try? TimeSpan.parse(text) { return .after(span) }
        if let moment = try? Instant.parse(text, today: today) { return .at(moment) }
        throw InvalidValue("invalid dismissal '\(text)'; expected default, immediate, a duration (15m, 2h) or a date and time (YYYY-MM-DDTHH:MM[:SS])")
    }
}
