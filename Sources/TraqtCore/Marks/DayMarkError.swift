/// Why days could not be marked. Nothing was marked (exit 65).
public enum DayMarkError: Error, CustomStringConvertible, Equatable {
    /// No activity has these ids.
    case unknownIDs([String])
    /// None of the dates is one of the activity's days.
    case notScheduled(id: String, days: Weekdays, from: LocalDate, to: LocalDate)
    /// `due` recorded these occurrences (fired, failed, missed …): what it
    /// decided stays as it is.
    case decided([DecidedOccurrence])

    public var description: String {
        switch self {
        case let .unknownIDs(ids):
            let quoted = ids.map { "'\($0)'" }.joined(separator: ", ")
            return (ids.count == 1 ? "no activity with id " : "no activities with ids ") + quoted + "; nothing was marked"
        case let .notScheduled(id, days, from, to):
            let dates = from == to ? "on \(from)" : "from \(from) to \(to)"
            return "'\(id)' is not scheduled \(dates) (its days are \(days.summary)); nothing was marked"
        case let .decided(occurrences):
            if occurrences.count == 1, let only = occurrences.first {
                return "'\(only.id)' on \(only.date) was already decided by due (\(only.outcome)) and cannot be changed; nothing was marked"
            }
            let shown = occurrences.prefix(Self.listed).map { "'\($0.id)' on \($0.date) (\($0.outcome))" }
            let more = occurrences.count > Self.listed ? " and \(occurrences.count - Self.listed) more" : ""
            return "these were already decided by due and cannot be changed: " + shown.joined(separator: ", ")
                + more + "; nothing was marked"
        }
    }

    /// How many decided occurrences a message names.
    static let listed = 10
}

extension DayMarkError: ReportableError {
    public var userMessage: String { description }

    public var reason: ErrorReason {
        switch self {
        case .unknownIDs: return .notFound
        case .notScheduled: return .notScheduled
        case .decided: return .alreadyDecided
        }
    }
}

/// An occurrence `due` has recorded, as a refusal names it.
public struct DecidedOccurrence: Equatable, Sendable {
    public let id: String
    /// Its date, YYYY-MM-DD, as the record keys it.
    public let date: String
    /// The record's status: fired, failed, missed (or any later one).
    public let status: String
    public let firedAt: Instant?

    /// `fired at 07:31`, `missed`, `failed`.
    var outcome: String {
        guard status == "fired", let firedAt else { return status }
        let wall = firedAt.localDateTime
        return "fired at " + TimeOfDay(hour: wall.hour, minute: wall.minute)!.description
    }
}
