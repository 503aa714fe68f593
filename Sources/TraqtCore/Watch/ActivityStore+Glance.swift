extension ActivityStore {
    // MARK: - Reading: what a glance shows

    /// The live activities listed at `now` and the activities pending today, in
    /// one short read transaction (one snapshot; no lock is kept afterwards).
    /// Reads only; a missing or empty file shows nothing.
    public func glance(now: Instant) throws -> Glance {
        var live: [LiveActivity] = []
        var pending: [Glance.Pending] = []
        try snapshot {
            live = try liveActivities(now: now)
            try forEachRow(pending: PendingFilter(at: now.localDateTime)) { row in
                pending.append(Glance.Pending(activity: row.activity))
            }
        }
        return Glance(now: now, live: live, pending: pending)
    }

    /// A number that changes when another connection commits, and only then,
    /// so a watcher asks it before reading anything (`DatabaseConnection.changeCounter`).
    /// nil for a missing or empty database.
    public func dataVersion() throws -> Int? {
        var version: Int?
        try read { version = try $0.changeCounter() }
        return version
    }
}
