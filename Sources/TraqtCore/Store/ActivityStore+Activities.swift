/// Whether an upsert made a new record or replaced one.
public enum UpsertOutcome: Equatable, Sendable {
    case added, updated
}

extension ActivityStore {
    /// From this many records, an upsert gets a page cache of `bulkCacheKiB`.
    static let bulkThreshold = 10_000
    static let bulkCacheKiB = 256 * 1024

    /// The columns `ActivityRow` reads, in its order.
    static let activityColumns = "id, name, days_of_week, time_of_day, created_at, updated_at"
    private static let order = "ORDER BY time_of_day, name, id"

    // MARK: - Reading

    /// Calls `body` with every row, by time of day, then name, then id; with a
    /// filter, only the activities it finds pending. Rows are read one at a time
    /// and handed over in place: memory stays flat whatever the count.
    public func forEachRow(pending filter: PendingFilter? = nil, _ body: (ActivityRow) throws -> Void) throws {
        try read { connection in try Self.forEachRow(in: connection, pending: filter, body) }
    }

    /// The query behind `forEachRow`, on a connection already in a transaction.
    static func forEachRow(in connection: any DatabaseConnection, pending filter: PendingFilter? = nil,
                           _ body: (ActivityRow) throws -> Void) throws {
        let statement: any DatabaseStatement
        if let filter {
            guard let condition = try filter.sqlCondition(in: connection) else { return }
            statement = try connection.prepare("SELECT \(activityColumns) FROM activity WHERE \(condition) \(order)")
            try filter.bind(to: statement)
        } else {
            statement = try connection.prepare("SELECT \(activityColumns) FROM activity \(order)")
        }
        while try statement.step() {
            let row = ActivityRow(statement)
            try row.check(path: connection.location)
            try body(row)
        }
    }

    /// The activity `id`, or nil when there is none (or no database).
    public func activity(id: String) throws -> Activity? {
        var found: Activity?
        try read { connection in
            let select = try connection.prepare("SELECT \(Self.activityColumns) FROM activity WHERE id = ?1")
            try select.bind(id, at: 1)
            guard try select.step() else { return }
            let row = ActivityRow(select)
            try row.check(path: connection.location)
            found = row.activity
        }
        return found
    }

    /// Calls `body` with the id of every activity, in list order, leaving out
    /// the ids no traqt could have stored (`StoredText`) instead of refusing
    /// them: shell completion offers what it can and never fails.
    public func forEachOfferableID(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try read { connection in
            let statement = try connection.prepare("SELECT id FROM activity \(Self.order)")
            while try statement.step() {
                guard statement.withUTF8(at: 0, StoredText.idProblem) == nil else { continue }
                try statement.withUTF8(at: 0, body)
            }
        }
    }

    /// Calls `body` with every activity, in list order.
    public func forEachActivity(_ body: (Activity) throws -> Void) throws {
        try forEachRow { try body($0.activity) }
    }

    /// Calls `body` with every activity still pending under `filter`, in list order.
    public func forEachPending(_ filter: PendingFilter, _ body: (Activity) throws -> Void) throws {
        try forEachRow(pending: filter) { try body($0.activity) }
    }

    /// All activities, in list order.
    public func allActivities() throws -> [Activity] {
        var activities: [Activity] = []
        try forEachActivity { activities.append($0) }
        return activities
    }

    // MARK: - Writing

    /// Creates the activity, or replaces the one with the same id (keeping its
    /// creation time). `now` is seconds since the epoch. With `sameNameOnly`
    /// (an id derived from the name), an existing activity of that id is
    /// replaced only if it has exactly this name (byte for byte, as typed);
    /// otherwise `StoreError.idTaken` is thrown and nothing changes.
    @discardableResult
    public func upsert(_ activity: Activity, now: Int, sameNameOnly: Bool = false) throws -> UpsertOutcome {
        // Empty only for a missing file opened without `createIfMissing`: nothing was saved.
        guard let outcome = try upsert(contentsOf: [activity], now: now, sameNameOnly: sameNameOnly).first else {
            throw StoreError.cannotCreate(path: path, detail: "the file does not exist")
        }
        return outcome
    }

    /// Upserts every activity in one transaction with prepared statements made
    /// once: all of them are saved, or none. A new id costs one INSERT; an
    /// existing one an INSERT that does nothing, then an UPDATE (which is also how
    /// each outcome is known without a separate lookup). An activity's own
    /// `createdAt`/`updatedAt` (an import's) are kept; missing ones become `now`
    /// (and a replaced record keeps its creation time).
    public func upsert(contentsOf activities: [Activity], now: Int, sameNameOnly: Bool = false) throws -> [UpsertOutcome] {
        try write { connection in
            guard let connection else { return [] }
            if activities.count >= Self.bulkThreshold {
                // SQLite's default page cache (2 MB) would spill a large import to
                // the file and read it back many times over before the commit.
                try connection.useCache(kibibytes: Self.bulkCacheKiB)
            }
            let insert = try connection.prepare("""
                INSERT INTO activity (\(Self.activityColumns)) VALUES (?1, ?2, ?3, ?4, coalesce(?6, ?5), coalesce(?7, ?5))
                ON CONFLICT (id) DO NOTHING
                """)
            let update = try connection.prepare("""
                UPDATE activity SET name = ?2, days_of_week = ?3, time_of_day = ?4,
                    created_at = coalesce(?6, created_at), updated_at = coalesce(?7, ?5)
                WHERE id = ?1 AND (?8 = 0 OR name = ?2)
                """)
            var outcomes: [UpsertOutcome] = []
            outcomes.reserveCapacity(activities.count)
            for activity in activities {
                try Self.bind(activity, now: now, to: insert)
                try insert.run()
                insert.reset()
                if connection.changes == 1 {
                    outcomes.append(.added)
                } else {
                    try Self.bind(activity, now: now, to: update)
                    try update.bind(sameNameOnly ? 1 : 0, at: 8)
                    try update.run()
                    update.reset()
                    if connection.changes == 0 {
                        // Throwing rolls back whatever this call already wrote.
                        throw StoreError.idTaken(id: activity.id, byName: try Self.name(of: activity.id, in: connection))
                    }
                    outcomes.append(.updated)
                }
            }
            return outcomes
        }
    }

    private static func bind(_ activity: Activity, now: Int, to statement: any DatabaseStatement) throws {
        try statement.bind(activity.id, at: 1)
        try statement.bind(activity.name, at: 2)
        try statement.bind(activity.days.mask, at: 3)
        try statement.bind(activity.time.minutes, at: 4)
        try statement.bind(now, at: 5)
        if let created = activity.createdAt { try statement.bind(created, at: 6) } else { try statement.bindNull(at: 6) }
        if let updated = activity.updatedAt { try statement.bind(updated, at: 7) } else { try statement.bindNull(at: 7) }
    }

    private static func name(of id: String, in connection: any DatabaseConnection) throws -> String {
        let select = try connection.prepare("SELECT name FROM activity WHERE id = ?1")
        try select.bind(id, at: 1)
        guard try select.step() else { return "" }
        return select.string(at: 0)
    }

    /// Removes every id, or none: one unknown id fails the whole call.
    /// An id given twice counts once (compared byte for byte, as SQLite compares
    /// them: String equality would merge "café" written two ways). Returns the
    /// ids removed, in the order given.
    @discardableResult
    public func remove(ids requested: [String]) throws -> [String] {
        var seen = Set<[UInt8]>()
        let ids = requested.filter { seen.insert(Array($0.utf8)).inserted }
        return try write { connection in
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
            return ids
        }
    }
}
