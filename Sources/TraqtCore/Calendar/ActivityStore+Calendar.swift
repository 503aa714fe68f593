extension ActivityStore {
    /// Calls `start` with the earliest creation time of all activities (nil
    /// when there are none) and the dates marked done or skipped, then `body`
    /// with every row in list order, all in one read transaction: a calendar's
    /// time zone must cover its earliest event before the first event is written.
    public func forEachRow(afterEarliestCreation start: (Int?, MarkedDates) throws -> Void,
                           _ body: (ActivityRow) throws -> Void) throws {
        var started = false
        try read { connection in
            let earliest = try connection.prepare("SELECT min(created_at) FROM activity")
            _ = try earliest.step()
            // A value no traqt wrote is left to the row check, which names it.
            let seconds = earliest.isNull(at: 0) ? nil : earliest.int(at: 0)
            try start(seconds.flatMap { Timestamp.representable.contains($0) ? $0 : nil }, MarkedDates.read(in: connection))
            started = true
            try Self.forEachRow(in: connection, body)
        }
        // A missing or empty database: no rows, and nothing was read.
        if !started { try start(nil, MarkedDates()) }
    }
}
