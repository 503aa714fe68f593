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
            let version = try Schema.version(of: connection)
            guard Schema.has(.liveActivities, version: version) else { return }
            let select = LiveActivity.selectSQL(connection.dialect, version: version)
            let statement = try connection.prepare("\(select) \(LiveActivity.orderSQL)")
            while try statement.step() {
                let activity = try LiveActivity(row: statement, location: connection.location)
                if includeDismissed || activity.status(at: now) != .dismissed { activities.append(activity) }
            }
        }
        return activities
    }

    // MARK: - Writing: live activities

    /// The one write path of live activities, for the live commands, push and
    /// whatever comes next: applies `requests` in order in one `BEGIN IMMEDIATE`
    /// transaction, all or none. Each is first compared with the last event
    /// applied to its id: one whose timestamp is not newer is skipped before
    /// anything else about it is read (a request applied twice, or an update
    /// arriving after a newer one, changes nothing). Then its change is read and
    /// applied; the first error (its content's, or the rules' as its `refusal`)
    /// leaves the database as it was. Requests without a timestamp happen at
    /// `now`. Each write first prunes the long dismissed ones.
    public func applyLive<Request: LiveRequest>(_ requests: [Request], now: Instant) throws -> [LiveOutcome] {
        guard let first = requests.first else { return [] }
        return try write { connection in
            // A missing file opened without creating it (update and end) has no live activities.
            guard let connection else { throw first.refusal(first.address.unknown) }
            if requests.count >= Self.bulkThreshold {
                try connection.useCache(kibibytes: Self.bulkCacheKiB)
            }
            let writer = LiveWriter(connection: connection, now: now)
            try writer.prune()
            return try requests.map { try writer.apply($0) }
        }
    }

    /// Applies pushed notifications as APNs answers requests: each on its own,
    /// in order, in one `BEGIN IMMEDIATE` transaction. Each is applied, skipped
    /// (what a device ignores: older, the same again, sent after the end) or
    /// refused with its reason, and a refusal changes nothing of it and nothing
    /// of the others. Only a failure of the store itself undoes them all.
    /// One addressed to a broadcast channel goes to each of its subscribers:
    /// one outcome each.
    public func applyPush(_ notifications: [PushNotification], now: Instant) throws -> [PushOutcome] {
        guard !notifications.isEmpty else { return [] }
        return try write { connection in
            guard let connection else { throw StoreError.internalError(detail: "push opened no database") }
            if notifications.count >= Self.bulkThreshold {
                try connection.useCache(kibibytes: Self.bulkCacheKiB)
            }
            let writer = LiveWriter(connection: connection, now: now)
            try writer.prune()
            var outcomes: [PushOutcome] = []
            outcomes.reserveCapacity(notifications.count)
            for notification in notifications {
                do {
                    if case let .channel(channel) = notification.address {
                        outcomes += try writer.applyBroadcast(notification, channel: channel).map {
                            PushOutcome(notification, outcome: $0)
                        }
                    } else {
                        outcomes.append(PushOutcome(notification, outcome: try writer.apply(notification)))
                    }
                } catch let refused as RefusedPush {
                    outcomes.append(PushOutcome(notification, refusal: refused.error))
                }
            }
            return outcomes
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
