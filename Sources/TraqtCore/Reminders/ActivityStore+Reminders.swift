import TraqtMigrations

extension ActivityStore {
    // MARK: - Writing: due

    /// Claims every occurrence due at `now` (see `ReminderLedger`) in one
    /// `BEGIN IMMEDIATE` transaction, records older unfired ones as missed, and
    /// prunes old records. Whatever number of processes call this at once, each
    /// occurrence is returned by at most one of them, and never again later.
    ///
    /// The claims that earlier `due --exec` runs left without starting their
    /// command come first, whatever their age: they fire in this run. With
    /// `forCommands` (`--exec`), what fires is recorded as claimed, for
    /// `recordCommand` to start one by one; else as fired.
    ///
    /// With `dryRun`, says what such a run would fire and record as missed, in
    /// one read transaction: nothing is written, no write lock is taken.
    public func claimDue(now: Instant, grace: TimeSpan, dryRun: Bool = false,
                         forCommands: Bool = false) throws -> DueClaim {
        if dryRun {
            var claim = DueClaim(fired: [], missed: [])
            try read { connection in
                // Without the reminder tables nothing is recorded, and the run
                // would start the ledger.
                let hasLedger = try Self.hasLedger(connection)
                let state = try (hasLedger ? Self.loadState(connection) : nil)
                    ?? ReminderLedger.State.start(now: now.seconds, grace: grace.seconds)
                let leftovers = try Self.leftoverClaims(connection, now: now, record: nil)
                claim = try Self.decide(connection, now: now, grace: grace, state: state,
                                        ledger: hasLedger ? .read : .none)
                claim = DueClaim(fired: leftovers + claim.fired, missed: claim.missed)
            }
            return claim
        }
        return try write { connection in
            // A missing database has no activities; it is not created just to say so.
            guard let connection else { return DueClaim(fired: [], missed: []) }
            let state = try Self.loadOrStartState(connection, now: now.seconds, grace: grace.seconds)
            let leftovers = try Self.leftoverClaims(connection, now: now, record: forCommands ? .claimed : .fired(at: now.seconds))
            let claim = try Self.decide(connection, now: now, grace: grace, state: state,
                                        ledger: .write(forCommands ? .claimed : .fired(at: now.seconds)))
            try Self.advance(connection, checkedThrough: now.seconds)
            try Self.prune(connection, now: now.seconds)
            return DueClaim(fired: leftovers + claim.fired, missed: claim.missed)
        }
    }

    /// The occurrences earlier `due --exec` runs claimed and did not start the
    /// command of (killed first, or unable to record the start), oldest
    /// first, to fire at `now`. With `record`, each is kept claimed or
    /// recorded as fired; one whose activity was removed since is recorded as
    /// missed. A database older than these states has none.
    private static func leftoverClaims(_ connection: any DatabaseConnection, now: Instant,
                                       record: OccurrenceRecorder.Record?) throws -> [FiredOccurrence] {
        guard try Schema.has(.execStates, in: connection) else { return [] }
        let claims = try connection.prepare("""
            SELECT a.id, a.name, a.days_of_week, a.time_of_day, a.created_at, a.updated_at,
                   o.activity_id, o.local_date, o.scheduled_at
            FROM occurrence AS o LEFT JOIN activity AS a ON a.id = o.activity_id
            WHERE o.status = 'claimed' ORDER BY o.scheduled_at, a.time_of_day, a.name, a.id
            """)
        var fired: [FiredOccurrence] = [], removed: [(id: String, date: String)] = []
        while try claims.step() {
            guard !claims.isNull(at: 0) else {
                removed.append((claims.string(at: 6), claims.string(at: 7)))
                continue
            }
            let dateText = claims.string(at: 7)
            guard let date = try? LocalDate.parse(dateText, today: SupportedDates.first) else {
                throw StoreError.invalidRow(path: connection.location, table: "occurrence", key: claims.string(at: 6),
                                            detail: "local_date '\(dateText)' is not a date YYYY-MM-DD")
            }
            let row = ActivityRow(claims)
            try row.checkText(path: connection.location)
            let occurrence = Occurrence(activity: row.activity, date: date,
                                        scheduledAt: Instant(seconds: claims.int(at: 8)))
            fired.append(FiredOccurrence(occurrence: occurrence, firedAt: now))
        }
        guard let record else { return fired }
        let update = try connection.prepare("""
            UPDATE occurrence SET status = ?3, fired_at = ?4 WHERE activity_id = ?1 AND local_date = ?2
            """)
        func set(_ id: String, _ date: String, _ record: OccurrenceRecorder.Record) throws {
            try update.bind(id, at: 1)
            try update.bind(date, at: 2)
            try update.bind(record.status, at: 3)
            if case let .fired(at) = record { try update.bind(at, at: 4) } else { try update.bindNull(at: 4) }
            try update.run()
            update.reset()
        }
        for (id, date) in removed { try set(id, date, .missed) }
        if case .fired = record {
            for claim in fired { try set(claim.occurrence.activity.id, claim.occurrence.date.description, record) }
        }
        return fired
    }

    /// How `decide` treats the occurrence records.
    private enum LedgerAccess: Equatable {
        /// The tables do not exist yet: nothing was decided.
        case none
        /// Skip what is recorded; record nothing (a dry run).
        case read
        /// Skip what is recorded; record each occurrence as it is found, those
        /// to fire as this says.
        case write(OccurrenceRecorder.Record)
    }

    /// The occurrences of the run's windows that no run decided yet: missed
    /// ones first, then those to fire, each in time order. Only the activities
    /// whose time of day falls in a window are read: one range query on the
    /// table's key (time of day, name, id) per local date the window touches,
    /// with that date's weekday bit, skipping in SQL the occurrences already
    /// recorded and those marked done or skipped (neither fired nor missed).
    /// So a run costs what its windows hold, whatever the table's size.
    private static func decide(_ connection: any DatabaseConnection, now: Instant, grace: TimeSpan,
                               state: ReminderLedger.State, ledger: LedgerAccess) throws -> DueClaim {
        let windows = ReminderLedger.windows(now: now.seconds, grace: grace.seconds, state: state)
        // A window reaching before 1970-01-01 or past 9999-12-31 stops there.
        let (fireWindow, missedWindow) = (SupportedDates.clip(windows.fire), SupportedDates.clip(windows.missed))
        let undecided = try UndecidedQuery(connection, ledger: ledger)
        // The write lock is held from before the query: what it finds
        // unrecorded, no other run can record first. The key (activity, local
        // date) would refuse a second record of an occurrence all the same.
        var recorder: OccurrenceRecorder?, firing = OccurrenceRecorder.Record.claimed
        if case let .write(record) = ledger { (recorder, firing) = (OccurrenceRecorder(connection), record) }

        var missed: [Occurrence] = []
        if let window = missedWindow {
            try forEachOccurrence(in: window, from: undecided) { occurrence in
                try recorder?.record(occurrence, as: .missed)
                missed.append(occurrence)
            }
        }
        var fired: [FiredOccurrence] = []
        if let window = fireWindow {
            try forEachOccurrence(in: window, from: undecided) { occurrence in
                try recorder?.record(occurrence, as: firing)
                fired.append(FiredOccurrence(occurrence: occurrence, firedAt: now))
            }
        }
        try recorder?.flush()
        return DueClaim(fired: fired, missed: missed)
    }

    /// The query of `decide` for one date: the activities whose time falls in
    /// a range, with the date's weekday, that no run decided, none marked. It
    /// takes the activity's own marks into account only on a date that has
    /// such marks (one probe of their date index tells), so that other dates
    /// cost no probe per activity; a day off for every activity has no query.
    /// Each form is prepared once.
    private final class UndecidedQuery {
        private let connection: any DatabaseConnection
        private let ledger: LedgerAccess
        /// The database's, for messages.
        var location: String { connection.location }
        private let hasMarks: Bool
        /// By whether it looks up the activities' own marks.
        private var prepared: [Bool: any DatabaseStatement] = [:]

        init(_ connection: any DatabaseConnection, ledger: LedgerAccess) throws {
            (self.connection, self.ledger) = (connection, ledger)
            hasMarks = try ledger != .none && DayMarkSQL.exists(in: connection)
        }

        /// The statement for `date`, parameters 1-3 (minutes, weekday bit) to
        /// bind, and 4 (the date) when it has one; nil for a day off.
        func statement(on date: LocalDate) throws -> (any DatabaseStatement)? {
            let marks = hasMarks ? try DayMarkSQL.onDate(date, in: connection) : DayMarkSQL.OnDate()
            if marks.everyActivitySkipped { return nil }
            if let statement = prepared[marks.byActivity] { return statement }
            var sql = "SELECT \(activityColumns) FROM activity WHERE time_of_day BETWEEN ?1 AND ?2 AND (days_of_week & ?3) != 0"
            if ledger != .none {
                sql += " AND NOT EXISTS (SELECT 1 FROM occurrence WHERE activity_id = activity.id AND local_date = ?4)"
            }
            if marks.byActivity { sql += " AND " + DayMarkSQL.unmarked(id: "activity.id", date: "?4") }
            let statement = try connection.prepare(sql + " ORDER BY time_of_day, name, id")
            prepared[marks.byActivity] = statement
            return statement
        }
    }

    /// Calls `body` with each occurrence whose instant is in `window`, oldest
    /// date first and in time order within a date, as `query` finds them.
    private static func forEachOccurrence(in window: ClosedRange<Int>, from query: UndecidedQuery,
                                          _ body: (Occurrence) throws -> Void) throws {
        // A date's times all fall within a day of its midnight, whatever the
        // zone's offset changes; one date of margin each side catches them all,
        // but for the dates outside the supported ones.
        var date = max(Instant(seconds: window.lowerBound).localDate.adding(days: -1), SupportedDates.first)
        let last = min(Instant(seconds: window.upperBound).localDate.adding(days: 1), SupportedDates.last)
        while date <= last {
            var instants = DayInstants(date)
            if let minutes = instants.minutes(within: window), let statement = try query.statement(on: date) {
                try statement.bind(minutes.lowerBound, at: 1)
                try statement.bind(minutes.upperBound, at: 2)
                try statement.bind(1 << date.weekday, at: 3)
                // The date is the key of the records and marks, when there are any.
                if statement.parameterCount == 4 { try statement.bind(date.description, at: 4) }
                // On one date, instants follow the time of day: the key's order
                // is the order of the occurrences.
                while try statement.step() {
                    let row = ActivityRow(statement)
                    try row.checkText(path: query.location)
                    let activity = row.activity
                    try body(Occurrence(activity: activity, date: date,
                                        scheduledAt: Instant(seconds: instants.instant(minutes: activity.time.minutes))))
                }
                statement.reset()
            }
            date = date.adding(days: 1)
        }
    }

    /// Whether the reminder tables exist: a database no `due` has written since
    /// its upgrade lacks them, and nothing is known about any occurrence.
    static func hasLedger(_ connection: any DatabaseConnection) throws -> Bool {
        try Schema.has(.reminders, in: connection)
    }

    static func loadState(_ connection: any DatabaseConnection) throws -> ReminderLedger.State? {
        let statement = try connection.prepare(
            "SELECT known_since, checked_through, pruned_before FROM reminder_state WHERE singleton = 1")
        guard try statement.step() else { return nil }
        return ReminderLedger.State(knownSince: statement.int(at: 0), checkedThrough: statement.int(at: 1),
                                    prunedBefore: statement.int(at: 2))
    }

    /// The state row; the first run on a database writes it, so that the
    /// occurrences before its grace window are neither fired nor missed.
    private static func loadOrStartState(_ connection: any DatabaseConnection, now: Int, grace: Int) throws -> ReminderLedger.State {
        if let state = try loadState(connection) { return state }
        let state = ReminderLedger.State.start(now: now, grace: grace)
        let insert = try connection.prepare("""
            INSERT INTO reminder_state (singleton, known_since, checked_through, pruned_before)
            VALUES (1, ?1, ?2, ?3)
            """)
        try insert.bind(state.knownSince, at: 1)
        try insert.bind(state.checkedThrough, at: 2)
        try insert.bind(state.prunedBefore, at: 3)
        try insert.run()
        return state
    }

    /// The high-water mark only rises: a clock set back does not lower it.
    private static func advance(_ connection: any DatabaseConnection, checkedThrough now: Int) throws {
        let update = try connection.prepare(
            """
            UPDATE reminder_state SET checked_through = CASE WHEN checked_through > ?1 THEN checked_through ELSE ?1 END
            WHERE singleton = 1
            """)
        try update.bind(now, at: 1)
        try update.run()
    }

    /// Deletes records more than the retention period older than `now`, and
    /// raises `pruned_before` past the newest one deleted so that no run ever
    /// considers those occurrences again (they would otherwise look unfired).
    /// Claimed ones stay, however old, until a run has started their command.
    private static func prune(_ connection: any DatabaseConnection, now: Int) throws {
        let cutoff = now - ReminderLedger.retentionSeconds
        let newest = try connection.prepare("SELECT max(scheduled_at) FROM occurrence WHERE scheduled_at < ?1")
        try newest.bind(cutoff, at: 1)
        guard try newest.step(), !newest.isNull(at: 0) else { return }
        let newestPruned = newest.int(at: 0)
        newest.reset()
        let delete = try connection.prepare("DELETE FROM occurrence WHERE scheduled_at <= ?1 AND status <> 'claimed'")
        try delete.bind(newestPruned, at: 1)
        try delete.run()
        let raise = try connection.prepare(
            """
            UPDATE reminder_state SET pruned_before = CASE WHEN pruned_before > ?1 THEN pruned_before ELSE ?1 END
            WHERE singleton = 1
            """)
        try raise.bind(newestPruned + 1, at: 1)
        try raise.run()
    }
}
