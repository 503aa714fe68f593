/// The activity in the current row of a query, read in place: text stays in
/// SQLite's buffer until something asks for a `String`. Valid only inside the
/// closure it is handed to: the next row overwrites it.
public struct ActivityRow {
    private let statement: SQLiteStatement

    init(_ statement: SQLiteStatement) { self.statement = statement }

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

    /// The row as a value that outlives the query.
    public var activity: Activity {
        // The table's CHECK constraints guarantee the ranges.
        Activity(id: statement.string(at: 0), name: statement.string(at: 1),
                 days: Weekdays(mask: daysMask) ?? .daily,
                 time: TimeOfDay(minutes: minutes) ?? TimeOfDay(minutes: 0)!,
                 createdAt: createdAt, updatedAt: updatedAt)
    }
}
