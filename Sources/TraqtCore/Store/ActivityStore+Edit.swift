extension ActivityStore {
    // MARK: - Writing: edit

    /// Applies `edit` to the activity with `id` in one write transaction and
    /// returns it as saved. A new id takes along, in the same transaction, what
    /// is keyed by the old one: the reminder records (so nothing fires twice),
    /// the marked days, the time spent and the live activities that run on it
    /// (each keeps its own id). Records and marks a removed activity left under
    /// the new id are dropped first: the history that counts is the renamed
    /// activity's own. `now` (seconds since the epoch) becomes its `updatedAt`.
    @discardableResult
    public func edit(id: String, _ edit: ActivityEdit, now: Int) throws -> Activity {
        try write { connection in
            guard let connection else { throw EditError.unknownID(id) }
            let select = try connection.prepare("SELECT \(Self.activityColumns) FROM activity WHERE id = ?1")
            try select.bind(id, at: 1)
            guard try select.step() else { throw EditError.unknownID(id) }
            let row = ActivityRow(select)
            try row.check(path: connection.location)
            var activity = row.activity
            select.reset()

            let newID = edit.newID.flatMap { $0.utf8.elementsEqual(id.utf8) ? nil : $0 }
            if let newID {
                try select.bind(newID, at: 1)
                if try select.step() { throw EditError.idTaken(id: newID, byName: select.string(at: 1)) }
                select.reset()
            }
            activity.id = newID ?? id
            activity.name = edit.name ?? activity.name
            activity.days = edit.days ?? activity.days
            activity.time = edit.time ?? activity.time
            activity.updatedAt = now
            let update = try connection.prepare("""
                UPDATE activity SET id = ?2, name = ?3, days_of_week = ?4, time_of_day = ?5, updated_at = ?6
                WHERE id = ?1
                """)
            try update.bind(id, at: 1)
            try update.bind(activity.id, at: 2)
            try update.bind(activity.name, at: 3)
            try update.bind(activity.days.mask, at: 4)
            try update.bind(activity.time.minutes, at: 5)
            try update.bind(now, at: 6)
            try update.run()
            if let newID { try Self.moveHistory(from: id, to: newID, in: connection) }
            return activity
        }
    }

    /// Re-keys what belongs to the activity `old` under `new`.
    private static func moveHistory(from old: String, to new: String, in connection: any DatabaseConnection) throws {
        // Keyed by (activity, date): the renamed activity's rows replace any left there.
        for table in ["occurrence", "day_mark"] {
            let clear = try connection.prepare("DELETE FROM \(table) WHERE activity_id = ?1")
            try clear.bind(new, at: 1)
            try clear.run()
        }
        // Sessions keep the name they were recorded under; a removed
        // activity's sessions under the new id stay as they are.
        for table in ["occurrence", "day_mark", "time_spent", "live_activity"] {
            let move = try connection.prepare("UPDATE \(table) SET activity_id = ?2 WHERE activity_id = ?1")
            try move.bind(old, at: 1)
            try move.bind(new, at: 2)
            try move.run()
        }
    }
}
