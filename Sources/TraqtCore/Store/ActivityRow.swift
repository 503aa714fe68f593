/// The activity in the current row of a query, read in place: text stays in
/// SQLite's buffer until something asks for a `String`. Valid only inside the
/// closure it is handed to: the next row overwrites it.
public struct ActivityRow {
    private let statement: any DatabaseStatement

    init(_ statement: any DatabaseStatement) { self.statement = statement }

    public var daysMask: Int { statement.int(at: 2) }
    public var minutes: Int { statement.int(at: 3) }
    public var createdAt: Int { statement.int(at: 4) }
    public var updatedAt: Int { statement.int(at: 5) }

    public func withIDBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try statement.withUTF8(at: 0, body)
    }

    public func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try statement.withUTF8(at: 1, body)
    }

    /// Throws for a row that no traqt wrote and that cannot be shown: the
    /// table's CHECKs can be bypassed (`PRAGMA ignore_check_constraints`),
    /// another program may store milliseconds where traqt keeps seconds, and
    /// any bytes as text (see `checkText`).
    func check(path: String) throws(StoreError) {
        try checkText(path: path)
        func invalid(_ detail: String) -> StoreError {
            .invalidRow(path: path, table: "activity", key: statement.string(at: 0), detail: detail)
        }
        guard Weekdays.range.contains(daysMask) else {
            throw invalid("days_of_week \(daysMask) is not a day mask 1…127")
        }
        guard TimeOfDay.range.contains(minutes) else {
            throw Self.invalidTime(minutes, key: statement.string(at: 0), path: path)
        }
        for (column, value) in [("created_at", createdAt), ("updated_at", updatedAt)]
        where !Timestamp.representable.contains(value) {
            let hint = Timestamp.representable.contains(value / 1000) ? " (milliseconds, not seconds?)" : ""
            throw invalid("\(column) \(value) is not a time in seconds between 1970 and 9999\(hint)")
        }
    }

    /// Throws for an id or a name that traqt's input checks would have refused
    /// (`StoredText`): every reader that shows them checks them, a query that
    /// reads only the schedule need not.
    func checkText(path: String) throws(StoreError) {
        guard let detail = withIDBytes(StoredText.idProblem) ?? withNameBytes(StoredText.nameProblem) else { return }
        throw .invalidRow(path: path, table: "activity", key: statement.string(at: 0), detail: detail)
    }

    /// `checkText` for the name alone, of a query that reads the name at
    /// `column` and the id at `idColumn`: a pass that measures names before
    /// another prints them must not size a layout by a megabyte-long one.
    static func checkName(of statement: any DatabaseStatement, at column: Int32, idColumn: Int32,
                          path: String) throws(StoreError) {
        guard let detail = statement.withUTF8(at: column, StoredText.nameProblem) else { return }
        throw .invalidRow(path: path, table: "activity", key: statement.string(at: idColumn), detail: detail)
    }

    /// The error for a row whose time of day is no minute of the day.
    static func invalidTime(_ minutes: Int, key: String, path: String) -> StoreError {
        .invalidRow(path: path, table: "activity", key: key, detail: "time_of_day \(minutes) is not a minute of the day 0…1439")
    }

    /// The row as a value that outlives the query.
    public var activity: Activity {
        // The table's CHECK constraints guarantee the ranges.
        Activity(id: statement.string(at: 0), name: statement.string(at: 1),
                 days: Weekdays(mask: daysMask) ?? .daily,
                 time: TimeOfDay(minutes: minutes) ?? .midnight,
                 createdAt: createdAt, updatedAt: updatedAt)
    }
}
