import TraqtMigrations

extension ActivityStore {
    // MARK: - Reading: live activities

    /// The live activities as seen at `now`, most relevant first (relevance
    /// descending, then start, then id): active, stale and ended ones, and with
    /// `includeDismissed` the dismissed ones still stored. Reads only; a database
    /// not yet migrated to live activities has none.
    public func liveActivities(now: Instant, includeDismissed: Bool = false) throws -> [LiveActivity] {
        var activities: [LiveActivity] = []
        try read { connection in
            guard try Schema.has(.liveActivities, in: connection) else { return }
            let statement = try connection.prepare("\(LiveActivity.selectSQL(connection.dialect)) \(LiveActivity.orderSQL)")
            while try statement.step() {
                let activity = LiveActivity(row: statement)
                if includeDismissed || activity.status(at: now) != .dismissed { activities.append(activity) }
            }
        }
        return activities
    }

    // MARK: - Writing: live activities

    /// Applies `events` in order in one `BEGIN IMMEDIATE` transaction, all or
    /// none: an error (`LiveError`) leaves the database as it was. Events
    /// without a timestamp happen at `now`. A start also prunes old dismissed
    /// ones (only starts add rows).
    public func applyLive(_ events: [LiveEvent], now: Instant) throws -> [LiveOutcome] {
        try write { connection in
            // A missing file opened without creating it (update and end) has no live activities.
            guard let connection else {
                if let first = events.first { throw LiveError.unknownID(first.id) }
                return []
            }
            let writer = LiveWriter(connection: connection, now: now)
            if events.contains(where: \.isStart) { try writer.prune() }
            return try events.map(writer.apply)
        }
    }

    /// Ends every live activity running at `now` (of `type`, if given), in one
    /// transaction, in the order they started.
    public func endAllLive(type: String?, _ end: LiveEnd, now: Instant) throws -> [LiveOutcome] {
        try write { connection in
            guard let connection else { return [] }
            let writer = LiveWriter(connection: connection, now: now)
            return try writer.runningIDs(type: type).map { id in
                try writer.apply(LiveEvent(id: id, change: .end(end)))
            }
        }
    }
}
