/// What is known about one occurrence when `summary` looks at it.
public enum OccurrenceStatus: Equatable, Sendable {
    /// `due` fired it.
    case fired(at: Instant, lateSeconds: Int)
    /// `due` fired it and its `--exec` command failed with this exit status.
    case failed(at: Instant, lateSeconds: Int, exitStatus: Int)
    /// It passed and no `due` run fired it in time.
    case missed
    /// Still to come today, or due and not yet seen by a `due` run.
    case pending
    /// On a later day.
    case upcoming
    /// Before `due` first ran on this database (or before its records were
    /// pruned): nothing is known.
    case past

    /// The word `--json` and the text use: fired, failed, missed, pending, upcoming, past.
    public var name: String {
        switch self {
        case .fired: return "fired"
        case .failed: return "failed"
        case .missed: return "missed"
        case .pending: return "pending"
        case .upcoming: return "upcoming"
        case .past: return "past"
        }
    }
}

/// One activity's occurrence on a day of the agenda.
public struct AgendaEntry: Equatable, Sendable {
    public let occurrence: Occurrence
    public let status: OccurrenceStatus
}

/// A day's activities in time order, each with its status.
public struct DayAgenda: Equatable, Sendable {
    public let date: LocalDate
    public let entries: [AgendaEntry]

    /// The status of an occurrence with no record, from the time alone and what
    /// `due` runs established (`state` nil: `due` never ran).
    static func status(of occurrence: Occurrence, now: Instant, state: ReminderLedger.State?) -> OccurrenceStatus {
        let at = occurrence.scheduledAt.seconds
        if at > now.seconds {
            return occurrence.date > now.localDate ? .upcoming : .pending
        }
        guard let state, at >= state.floor else { return .past }
        // No run has looked at it yet: the next one may still fire it.
        return at > state.checkedThrough ? .pending : .missed
    }
}

extension ActivityStore {
    // MARK: - Reading: summary

    /// The agenda of each of `dates` as seen at `now`. Reads only: a missing
    /// database gives days with no activities.
    public func agenda(for dates: [LocalDate], now: Instant) throws -> [DayAgenda] {
        guard let first = dates.min(), let last = dates.max() else { return [] }
        var activities: [Activity] = []
        var state: ReminderLedger.State?
        var records: [String: [String: OccurrenceStatus]] = [:]
        try read { connection in
            activities = try Self.allActivities(connection)
            // A database no `due` has written since its upgrade has no reminder
            // tables yet: nothing is known about any occurrence.
            guard try Schema.version(of: connection) >= Schema.remindersVersion else { return }
            state = try Self.loadState(connection)
            let statement = try connection.prepare("""
                SELECT local_date, activity_id, status, scheduled_at, fired_at, exit_status
                FROM occurrence WHERE local_date BETWEEN ?1 AND ?2
                """)
            try statement.bind(first.description, at: 1)
            try statement.bind(last.description, at: 2)
            while try statement.step() {
                let scheduledAt = statement.int(at: 3), firedAt = statement.int(at: 4)
                let status: OccurrenceStatus
                switch statement.string(at: 2) {
                case "fired":
                    status = .fired(at: Instant(seconds: firedAt), lateSeconds: firedAt - scheduledAt)
                case "failed":
                    status = .failed(at: Instant(seconds: firedAt), lateSeconds: firedAt - scheduledAt,
                                     exitStatus: statement.int(at: 5))
                default:
                    status = .missed
                }
                records[statement.string(at: 0), default: [:]][statement.string(at: 1)] = status
            }
        }
        return dates.map { date in
            let recorded = records[date.description] ?? [:]
            let entries = Occurrence.on(date, of: activities).map { occurrence in
                AgendaEntry(occurrence: occurrence,
                            status: recorded[occurrence.activity.id]
                                ?? DayAgenda.status(of: occurrence, now: now, state: state))
            }
            return DayAgenda(date: date, entries: entries)
        }
    }
}
