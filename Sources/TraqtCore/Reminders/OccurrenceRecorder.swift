/// Writes occurrence records many rows per INSERT: each execution of an INSERT
/// into `occurrence` builds a fresh table for its CHECK on `status`, so one
/// execution per row cost `due` more than everything else it does.
final class OccurrenceRecorder {
    /// Rows per INSERT (5 parameters each, well under SQLite's limit).
    static let batchSize = 64

    private let connection: any DatabaseConnection
    /// The INSERT of `batchSize` rows, and one of another size for the rest.
    private var full: (any DatabaseStatement)?
    private var partial: (rows: Int, statement: any DatabaseStatement)?
    private var pending: [(occurrence: Occurrence, record: Record)] = []
    private var dateText = (date: LocalDate?.none, text: "")

    /// What becomes of an occurrence.
    enum Record: Equatable {
        /// Fired at this instant (printed by the run that records it).
        case fired(at: Int)
        case missed
        /// Taken by a `due --exec` run, whose command is yet to start.
        case claimed

        var status: String {
            switch self {
            case .fired: return "fired"
            case .missed: return "missed"
            case .claimed: return "claimed"
            }
        }
    }

    init(_ connection: any DatabaseConnection) { self.connection = connection }

    /// Records `occurrence`; written at the latest by `flush`.
    func record(_ occurrence: Occurrence, as record: Record) throws {
        pending.append((occurrence, record))
        if pending.count == Self.batchSize { try flush() }
    }

    /// Writes what is pending. The caller found each occurrence unrecorded
    /// inside the same write transaction, so the key cannot be taken: a
    /// conflict would be a bug, and fails the whole claim rather than hide it.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let insert = try statement(rows: pending.count)
        for (row, (occurrence, record)) in pending.enumerated() {
            let first = Int32(row * 5)
            if dateText.date != occurrence.date { dateText = (occurrence.date, occurrence.date.description) }
            try insert.bind(occurrence.activity.id, at: first + 1)
            try insert.bind(dateText.text, at: first + 2)
            try insert.bind(occurrence.scheduledAt.seconds, at: first + 3)
            try insert.bind(record.status, at: first + 4)
            if case let .fired(at) = record { try insert.bind(at, at: first + 5) } else { try insert.bindNull(at: first + 5) }
        }
        try insert.run()
        insert.reset()
        pending.removeAll(keepingCapacity: true)
    }

    private func statement(rows: Int) throws -> any DatabaseStatement {
        if rows == Self.batchSize, let full { return full }
        if let partial, partial.rows == rows { return partial.statement }
        let values = (0..<rows).map { row in
            "(" + (1...5).map { "?\(row * 5 + $0)" }.joined(separator: ", ") + ")"
        }
        let statement = try connection.prepare("""
            \(connection.dialect.insertOrRollback) occurrence (activity_id, local_date, scheduled_at, status, fired_at)
            VALUES \(values.joined(separator: ", "))
            """)
        if rows == Self.batchSize { full = statement } else { partial = (rows, statement) }
        return statement
    }
}
