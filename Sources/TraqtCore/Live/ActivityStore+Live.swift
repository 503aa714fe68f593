extension ActivityStore {
    // MARK: - Reading: live activities

    /// The live activities as seen at `now`, most relevant first (relevance
    /// descending, then start, then id): active, stale and ended ones, and with
    /// `includeDismissed` the dismissed ones still stored. Reads only; a database
    /// not yet migrated to live activities has none.
    public func liveActivities(now: Instant, includeDismissed: Bool = false) throws -> [LiveActivity] {
        var activities: [LiveActivity] = []
        try read { connection in
            guard try Schema.version(of: connection) >= Schema.liveVersion else { return }
            // The name: the activity's, else a `name` or `title` attribute that is text, else the id.
            let json = connection.dialect.jsonTextMember
            let statement = try connection.prepare("""
                SELECT l.id, l.type, l.activity_id,
                    coalesce(a.name, \(json("l.attributes", "name")), \(json("l.attributes", "title")), l.id),
                    l.attributes, l.state, l.started_at, l.updated_at, l.ended_at, l.stale_at, l.dismiss_at,
                    l.max_duration, l.relevance
                FROM live_activity AS l LEFT JOIN activity AS a ON a.id = l.activity_id
                ORDER BY l.relevance DESC, l.started_at, l.id
                """)
            while try statement.step() {
                let activity = LiveActivity(
                    id: statement.string(at: 0), type: statement.string(at: 1),
                    activityId: statement.isNull(at: 2) ? nil : statement.string(at: 2),
                    name: statement.string(at: 3), attributes: statement.string(at: 4), state: statement.string(at: 5),
                    startedAt: Instant(seconds: statement.int(at: 6)), updatedAt: Instant(seconds: statement.int(at: 7)),
                    endedAt: statement.optionalInstant(at: 8), staleAt: statement.optionalInstant(at: 9),
                    dismissAt: statement.optionalInstant(at: 10), maxDuration: statement.int(at: 11),
                    relevance: statement.double(at: 12))
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
