extension ActivityStore {
    // MARK: - Writing: due

    /// Claims every occurrence due at `now` (see `ReminderLedger`) in one
    /// `BEGIN IMMEDIATE` transaction, records older unfired ones as missed, and
    /// prunes old records. Whatever number of processes call this at once, each
    /// occurrence is returned by at most one of them, and never again later.
    public func claimDue(now: Instant, grace: TimeSpan) throws -> DueClaim {
        try write { connection in
            // A missing database has no activities; it is not created just to say so.
            guard let connection else { return DueClaim(fired: [], missed: []) }
            let state = try Self.loadOrStartState(connection, now: now.seconds, grace: grace.seconds)
            let activities = try Self.allActivities(connection)
            let windows = ReminderLedger.windows(now: now.seconds, grace: grace.seconds, state: state)

            // The key (activity, local date) makes the insert the claim: a row
            // already there means another run decided this occurrence.
            let insert = try connection.prepare("""
                INSERT INTO occurrence (activity_id, local_date, scheduled_at, status, fired_at)
                VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING
                """)
            func claim(_ occurrence: Occurrence, firedAt: Int?) throws -> Bool {
                try insert.bind(occurrence.activity.id, at: 1)
                try insert.bind(occurrence.date.description, at: 2)
                try insert.bind(occurrence.scheduledAt.seconds, at: 3)
                try insert.bind(firedAt == nil ? "missed" : "fired", at: 4)
                if let firedAt { try insert.bind(firedAt, at: 5) } else { try insert.bindNull(at: 5) }
                try insert.run()
                insert.reset()
                return connection.changes == 1
            }

            var missed: [Occurrence] = []
            if let window = windows.missed {
                for occurrence in Occurrence.between(Self.instants(window), of: activities) {
                    if try claim(occurrence, firedAt: nil) { missed.append(occurrence) }
                }
            }
            var fired: [FiredOccurrence] = []
            if let window = windows.fire {
                for occurrence in Occurrence.between(Self.instants(window), of: activities) {
                    if try claim(occurrence, firedAt: now.seconds) {
                        fired.append(FiredOccurrence(occurrence: occurrence, firedAt: now))
                    }
                }
            }
            try Self.advance(connection, checkedThrough: now.seconds)
            try Self.prune(connection, now: now.seconds)
            return DueClaim(fired: fired, missed: missed)
        }
    }

    /// Marks fired occurrences whose `--exec` command failed, in one short
    /// transaction after the commands ran. They stay claimed: never fired again.
    public func recordFailures(_ failures: [(occurrence: Occurrence, exitStatus: Int)]) throws {
        guard !failures.isEmpty else { return }
        try write { connection in
            guard let connection else { return }
            let update = try connection.prepare("""
                UPDATE occurrence SET status = 'failed', exit_status = ?3
                WHERE activity_id = ?1 AND local_date = ?2
                """)
            for failure in failures {
                try update.bind(failure.occurrence.activity.id, at: 1)
                try update.bind(failure.occurrence.date.description, at: 2)
                try update.bind(failure.exitStatus, at: 3)
                try update.run()
                update.reset()
            }
        }
    }

    private static func instants(_ range: ClosedRange<Int>) -> ClosedRange<Instant> {
        Instant(seconds: range.lowerBound)...Instant(seconds: range.upperBound)
    }

    static func allActivities(_ connection: SQLiteConnection) throws -> [Activity] {
        var activities: [Activity] = []
        try forEachRow(in: connection) { activities.append($0.activity) }
        return activities
    }

    static func loadState(_ connection: SQLiteConnection) throws -> ReminderLedger.State? {
        let statement = try connection.prepare(
            "SELECT known_since, checked_through, pruned_before FROM reminder_state WHERE singleton = 1")
        guard try statement.step() else { return nil }
        return ReminderLedger.State(knownSince: statement.int(at: 0), checkedThrough: statement.int(at: 1),
                                    prunedBefore: statement.int(at: 2))
    }

    /// The state row; the first run on a database writes it, so that the
    /// occurrences before its grace window are neither fired nor missed.
    private static func loadOrStartState(_ connection: SQLiteConnection, now: Int, grace: Int) throws -> ReminderLedger.State {
        if let state = try loadState(connection) { return state }
        let state = ReminderLedger.State(knownSince: now - grace, checkedThrough: now, prunedBefore: now - grace)
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
    private static func advance(_ connection: SQLiteConnection, checkedThrough now: Int) throws {
        let update = try connection.prepare(
            "UPDATE reminder_state SET checked_through = max(checked_through, ?1) WHERE singleton = 1")
        try update.bind(now, at: 1)
        try update.run()
    }

    /// Deletes records more than the retention period older than `now`, and
    /// raises `pruned_before` past the newest one deleted so that no run ever
    /// considers those occurrences again (they would otherwise look unfired).
    private static func prune(_ connection: SQLiteConnection, now: Int) throws {
        let cutoff = now - ReminderLedger.retentionSeconds
        let newest = try connection.prepare("SELECT max(scheduled_at) FROM occurrence WHERE scheduled_at < ?1")
        try newest.bind(cutoff, at: 1)
        guard try newest.step(), !newest.isNull(at: 0) else { return }
        let newestPruned = newest.int(at: 0)
        newest.reset()
        let delete = try connection.prepare("DELETE FROM occurrence WHERE scheduled_at <= ?1")
        try delete.bind(newestPruned, at: 1)
        try delete.run()
        let raise = try connection.prepare(
            "UPDATE reminder_state SET pruned_before = max(pruned_before, ?1) WHERE singleton = 1")
        try raise.bind(newestPruned + 1, at: 1)
        try raise.run()
    }
}
