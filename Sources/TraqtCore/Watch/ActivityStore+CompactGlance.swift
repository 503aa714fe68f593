import TraqtMigrations

extension ActivityStore {
    // MARK: - Reading: the compact view alone

    /// What the compact view shows at `now`, reading only that (for a status bar
    /// that runs a command per refresh): the most relevant live activity that
    /// runs, else the first activity pending today. The others are counted only
    /// with `countOthers` (a count reads every candidate row). One short read
    /// transaction; reads only.
    public func compactGlance(now: Instant, countOthers: Bool) throws -> CompactGlance {
        var result = CompactGlance.nothing
        try read { connection in
            let version = try Schema.version(of: connection)
            if Schema.has(.liveActivities, version: version),
               let running = try Self.mostRelevantRunning(in: connection, version: version, now: now,
                                                          countOthers: countOthers) {
                result = running
                return
            }
            let filter = PendingFilter(at: now.localDateTime)
            guard let condition = try filter.sqlCondition(in: connection) else { return }
            // Stored in list order: the first match ends the scan.
            let first = try connection.prepare("""
                SELECT id, name, days_of_week, time_of_day, created_at, updated_at FROM activity
                WHERE \(condition) ORDER BY time_of_day, name, id LIMIT 1
                """)
            try filter.bind(to: first)
            guard try first.step() else { return }
            let row = ActivityRow(first)
            try row.check(path: connection.location)
            var others = 0
            if countOthers {
                let count = try connection.prepare("SELECT count(*) FROM activity WHERE \(condition)")
                try filter.bind(to: count)
                others = try count.step() ? count.int(at: 0) - 1 : 0
            }
            result = .next(row.activity, others: others)
        }
        return result
    }

    /// A live activity runs at ?1 while neither its end nor its time limit has come.
    private static let runningSQL = """
        (l.ended_at IS NULL OR l.ended_at > ?1) AND (l.max_duration = 0 OR l.started_at + l.max_duration > ?1)
        """

    private static func mostRelevantRunning(in connection: any DatabaseConnection, version: Int, now: Instant,
                                            countOthers: Bool) throws -> CompactGlance? {
        // The name (JSON functions, a join) is worked out for the one row shown only.
        let first = try connection.prepare("""
            \(LiveActivity.selectSQL(connection.dialect, version: version))
            WHERE l.id = (SELECT l.id FROM live_activity AS l WHERE \(runningSQL) \(LiveActivity.orderSQL) LIMIT 1)
            """)
        try first.bind(now.seconds, at: 1)
        guard try first.step() else { return nil }
        let activity = try LiveActivity(row: first, location: connection.location)
        var others = 0
        if countOthers {
            let count = try connection.prepare("SELECT count(*) FROM live_activity AS l WHERE \(runningSQL)")
            try count.bind(now.seconds, at: 1)
            others = try count.step() ? count.int(at: 0) - 1 : 0
        }
        return .running(activity, others: others)
    }
}
