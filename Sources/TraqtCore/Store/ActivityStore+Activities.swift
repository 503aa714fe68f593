/// Whether an upsert made a new record or replaced one.
public enum UpsertOutcome: Equatable, Sendable {
    case added, updated
}

extension ActivityStore {
    static let columns = "id, name, days_of_week, time_of_day, created_at, updated_at"
    static let order = "ORDER BY time_of_day, name, id"

    // MARK: - Reading

    /// Calls `body` with every activity, by time of day, then name, then id.
    /// Rows are read one at a time: memory stays flat whatever the count.
    public func forEachActivity(_ body: (Activity) throws -> Void) throws(StoreError) {
        try read { connection in
            let statement = try connection.prepare("SELECT \(Self.columns) FROM activity \(Self.order)")
            while try statement.step() { try body(Self.activity(from: statement)) }
        }
    }

    /// Calls `body` with every activity still pending under `filter`, in list order.
    public func forEachPending(_ filter: PendingFilter, _ body: (Activity) throws -> Void) throws(StoreError) {
        try read { connection in
            let statement = try connection.prepare(
                "SELECT \(Self.columns) FROM activity WHERE \(PendingFilter.sqlCondition) \(Self.order)")
            try statement.bind(filter.weekdayBit, at: 1)
            try statement.bind(filter.minuteOfDay, at: 2)
            while try statement.step() { try body(Self.activity(from: statement)) }
        }
    }

    /// All activities, in list order.
    public func allActivities() throws(StoreError) -> [Activity] {
        var activities: [Activity] = []
        try forEachActivity { activities.append($0) }
        return activities
    }

    static func activity(from row: SQLiteStatement) -> Activity {
        // The table's CHECK constraints guarantee the ranges.
        Activity(id: row.string(at: 0), name: row.string(at: 1),
                 days: Weekdays(mask: row.int(at: 2)) ?? .daily,
                 time: TimeOfDay(minutes: row.int(at: 3)) ?? TimeOfDay(minutes: 0)!,
                 createdAt: row.int(at: 4), updatedAt: row.int(at: 5))
    }

    // MARK: - Writing

    /// Creates the activity, or replaces the one with the same id (keeping its
    /// creation time). `now` is seconds since the epoch.
    @discardableResult
    public func upsert(_ activity: Activity, now: Int) throws(StoreError) -> UpsertOutcome {
        try upsert(contentsOf: [activity], now: now)[0]
    }

    /// Upserts every activity in one transaction with one prepared statement:
    /// all of them are saved, or none.
    public func upsert(contentsOf activities: [Activity], now: Int) throws(StoreError) -> [UpsertOutcome] {
        try write { connection in
            guard let connection else { return [] }
            let exists = try connection.prepare("SELECT 1 FROM activity WHERE id = ?1")
            let upsert = try connection.prepare("""
                INSERT INTO activity (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
                ON CONFLICT (id) DO UPDATE SET
                    name = excluded.name, days_of_week = excluded.days_of_week,
                    time_of_day = excluded.time_of_day, updated_at = excluded.updated_at
                """)
            var outcomes: [UpsertOutcome] = []
            outcomes.reserveCapacity(activities.count)
            for activity in activities {
                try exists.bind(activity.id, at: 1)
                outcomes.append(try exists.step() ? .updated : .added)
                exists.reset()
                try upsert.bind(activity.id, at: 1)
                try upsert.bind(activity.name, at: 2)
                try upsert.bind(activity.days.mask, at: 3)
                try upsert.bind(activity.time.minutes, at: 4)
                try upsert.bind(now, at: 5)
                try upsert.run()
                upsert.reset()
            }
            return outcomes
        }
    }

    /// Removes every id, or none: one unknown id fails the whole call.
    public func remove(ids: [String]) throws(StoreError) {
        try write { connection in
            guard let connection else { throw StoreError.unknownIDs(ids) }
            let delete = try connection.prepare("DELETE FROM activity WHERE id = ?1")
            var unknown: [String] = []
            for id in ids {
                try delete.bind(id, at: 1)
                try delete.run()
                if connection.changes == 0 { unknown.append(id) }
                delete.reset()
            }
            // Throwing rolls back the deletes already made.
            if !unknown.isEmpty { throw StoreError.unknownIDs(unknown) }
        }
    }
}
