/// What is known about one occurrence when `summary` looks at it.
public enum OccurrenceStatus: Equatable, Sendable {
    /// `due` fired it.
    case fired(at: Instant, lateSeconds: Int)
    /// `due` fired it and its `--exec` command failed with this exit status.
    case failed(at: Instant, lateSeconds: Int, exitStatus: Int)
    /// `due` started its `--exec` command at this time and recorded no outcome:
    /// it was killed while the command ran (or lost the database). It is never
    /// started again.
    case started(at: Instant, lateSeconds: Int)
    /// A `due --exec` run claimed it and did not start its command (it was
    /// killed first): the next `due` runs it.
    case claimed
    /// It passed and no `due` run fired it in time.
    case missed
    /// Marked done (`traqt done`), at this moment.
    case done(at: Instant)
    /// Marked skipped (`traqt skip`): for it alone, or for every activity.
    case skipped
    /// Still to come today, or due and not yet seen by a `due` run.
    case pending
    /// On a later day.
    case upcoming
    /// Before `due` first ran on this database (or before its records were
    /// pruned): nothing is known.
    case past

    /// The word `--json` and the text use: fired, failed, started, claimed,
    /// missed, done, skipped, pending, upcoming, past.
    public var name: String {
        switch self {
        case .fired: return "fired"
        case .failed: return "failed"
        case .started: return "started"
        case .claimed: return "claimed"
        case .missed: return "missed"
        case .done: return "done"
        case .skipped: return "skipped"
        case .pending: return "pending"
        case .upcoming: return "upcoming"
        case .past: return "past"
        }
    }

    /// The status of an occurrence at `scheduledAt` with no record, on a day
    /// after the day of `now` or not, from the time alone and what `due` runs
    /// established (`state` nil: `due` never ran).
    static func unrecorded(scheduledAt: Int, isLaterDay: Bool, now: Instant,
                           state: ReminderLedger.State?) -> OccurrenceStatus {
        if scheduledAt > now.seconds { return isLaterDay ? .upcoming : .pending }
        guard let state, scheduledAt >= state.floor else { return .past }
        // No run has looked at it yet: the next one may still fire it.
        return scheduledAt > state.checkedThrough ? .pending : .missed
    }
}

extension ActivityStore {
    // MARK: - Reading: summary

    /// The page cache a summary reads with. Each day scans the whole activity
    /// table and probes the occurrence records once per activity: with SQLite's
    /// default 2 MiB the scan evicted the records' pages, and a day at 1M
    /// activities read 163,000 pages instead of 12,000. The pages are taken
    /// only as they are read.
    static let agendaCacheKiB = 4096

    /// Runs `body` with a cursor on the agenda of each of `dates` as seen at
    /// `now`, in the order given, all reading one snapshot: a layout may read
    /// them more than once (see `AgendaCursor.rewind`) and `forEachName` too.
    /// Reads only: a missing database gives days with no activities.
    public func readAgenda(of dates: [LocalDate], now: Instant, _ body: ([AgendaCursor]) throws -> Void) throws {
        var ran = false
        try read { connection in
            try connection.useCache(kibibytes: Self.agendaCacheKiB)
            let hasLedger = try Self.hasLedger(connection)
            let state = hasLedger ? try Self.loadState(connection) : nil
            let hasMarks = try DayMarkSQL.exists(in: connection)
            let cursors = try dates.map { date in
                try AgendaCursor(connection, date: date, now: now, state: state, hasLedger: hasLedger,
                                 marks: hasMarks ? DayMarkSQL.onDate(date, in: connection) : DayMarkSQL.OnDate())
            }
            ran = true
            try body(cursors)
        }
        if !ran { try body(dates.map { AgendaCursor(emptyOn: $0) }) }
    }

    /// The largest `width` of the names of the activities that happen on any of
    /// the weekdays of `mask`, nil when there are none: the width of a day's
    /// name column. `width` measures a name's UTF-8 and must never exceed its
    /// byte count (true of terminal columns: a character two columns wide takes
    /// three bytes or more), so a name no longer in bytes than the widest so far
    /// cannot be wider. The table is read an hour of times at a time, and
    /// SQLite passes on only the names longer than the widest found before:
    /// after the first hour, hardly any.
    public func widestName(onWeekdays mask: Int, width: (UnsafeBufferPointer<UInt8>) -> Int) throws -> Int? {
        var widest: Int?
        try read { connection in
            let statement = try connection.prepare("""
                SELECT name, id FROM activity WHERE time_of_day BETWEEN ?2 AND ?3
                AND (days_of_week & ?1) != 0 AND \(connection.dialect.byteLength("name")) > ?4
                """)
            for hour in 0..<24 {
                try statement.bind(mask, at: 1)
                try statement.bind(hour * 60, at: 2)
                try statement.bind(hour * 60 + 59, at: 3)
                try statement.bind(widest ?? -1, at: 4)
                while try statement.step() {
                    try ActivityRow.checkName(of: statement, at: 0, idColumn: 1, path: connection.location)
                    widest = max(widest ?? 0, statement.withUTF8(at: 0, width))
                }
                statement.reset()
            }
        }
        return widest
    }

    /// Calls `body` with the name (as UTF-8) and weekday mask of each activity
    /// that happens on any of the weekdays of `mask`, in no particular order:
    /// the cheap pass that measures a layout before its cursors print it.
    /// Inside `readAgenda`, it reads the same snapshot.
    public func forEachName(onWeekdays mask: Int,
                            _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        try read { connection in
            let statement = try connection.prepare(
                "SELECT name, days_of_week, id FROM activity WHERE (days_of_week & ?1) != 0")
            try statement.bind(mask, at: 1)
            while try statement.step() {
                try ActivityRow.checkName(of: statement, at: 0, idColumn: 2, path: connection.location)
                try statement.withUTF8(at: 0) { try body($0, statement.int(at: 1)) }
            }
        }
    }
}
