#if Postgres
import CPostgres
#if canImport(Glibc)
import Glibc
#endif

/// A statement with parameters, run with libpq's extended protocol. A query
/// inside a transaction is read through a cursor, a batch of rows at a time:
/// memory stays flat however large the result (as with SQLite), and other
/// statements can run between its rows (the store inserts while it reads,
/// which one connection could not do with a result still streaming).
/// Parameters are sent as text with their types.
public final class PostgresStatement: DatabaseStatement {
    private unowned let connection: PostgresConnection
    let sql: String
    private var values: [String?] = []
    private var types: [UInt32] = []
    /// The rows read so far and the one the statement is on.
    private var result: OpaquePointer?
    private var rowCount: Int32 = 0
    private var row: Int32 = -1
    /// The open cursor, while a query's rows are being read.
    private var cursor: String?
    private var finished = false

    /// Rows a cursor fetches at a time.
    static let batchSize = 512
    // Type OIDs from PostgreSQL's pg_type: the server needs them where an
    // expression does not say (`coalesce($6, $5)`).
    private static let int8 = UInt32(20), text = UInt32(25), float8 = UInt32(701)

    init(connection: PostgresConnection, sql: String) {
        self.connection = connection
        self.sql = sql
    }

    deinit { reset() }

    // MARK: - Binding (1-based, like SQLite)

    public func bind(_ value: Int, at index: Int32) throws(PostgresError) { set(String(value), Self.int8, at: index) }
    public func bind(_ value: String, at index: Int32) throws(PostgresError) { set(value, Self.text, at: index) }
    public func bind(_ value: Double, at index: Int32) throws(PostgresError) { set("\(value)", Self.float8, at: index) }
    public func bindNull(at index: Int32) throws(PostgresError) { set(nil, 0, at: index) }

    private func set(_ value: String?, _ type: UInt32, at index: Int32) {
        let position = Int(index) - 1
        while values.count <= position {
            values.append(nil)
            types.append(0)
        }
        values[position] = value
        types[position] = type
    }

    /// The highest `$N` in the statement.
    public var parameterCount: Int {
        var highest = 0, number = -1
        for byte in sql.utf8 {
            if byte == UInt8(ascii: "$") {
                number = 0
            } else if number >= 0, (48...57).contains(byte) {
                number = number * 10 + Int(byte - 48)
            } else {
                highest = max(highest, number)
                number = -1
            }
        }
        return max(highest, number)
    }

    /// Drops what is left of a run (closing its cursor) and the bindings.
    public func reset() {
        if let result { PQclear(result) }
        result = nil
        rowCount = 0
        row = -1
        if let cursor, connection.isUsable {
            PQclear(PQexec(connection.handle, "CLOSE \(cursor)"))
        }
        cursor = nil
        finished = false
        values = []
        types = []
    }

    // MARK: - Stepping

    /// Advances one row; `false` when the statement is done.
    @discardableResult
    public func step() throws(PostgresError) -> Bool {
        if finished { return false }
        if result == nil && cursor == nil { try start() }
        row += 1
        if row < rowCount { return true }
        // The batch is read: the next one, if the cursor has more.
        guard let cursor, rowCount == Int32(Self.batchSize) else {
            finished = true
            return false
        }
        try fetch(cursor)
        row = 0
        if rowCount > 0 { return true }
        finished = true
        return false
    }

    /// Runs a statement that returns no rows that matter.
    public func run() throws(PostgresError) {
        while try step() {}
    }

    private func start() throws(PostgresError) {
        if isQuery && connection.isInTransaction {
            let name = connection.nextCursorName()
            let declared = execute("DECLARE \(name) NO SCROLL CURSOR FOR \(sql)")
            defer { PQclear(declared) }
            try connection.check(declared, sql: sql)
            cursor = name
            try fetch(name)
        } else {
            let executed = execute(sql)
            try connection.check(executed, sql: sql)
            connection.changes = PostgresConnection.changes(of: executed)
            result = executed
            rowCount = PQntuples(executed)
        }
        row = -1
    }

    private func fetch(_ cursor: String) throws(PostgresError) {
        if let result { PQclear(result) }
        result = nil
        let fetched = PQexec(connection.handle, "FETCH \(Self.batchSize) FROM \(cursor)")
        do {
            try connection.check(fetched, sql: sql)
        } catch {
            PQclear(fetched)
            throw error
        }
        result = fetched
        rowCount = PQntuples(fetched)
    }

    /// Sends `text` with the bound parameters and waits for its whole result.
    private func execute(_ text: String) -> OpaquePointer? {
        let pointers = values.map { $0.flatMap { strdup($0) } }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuesBuffer in
            types.withUnsafeBufferPointer { typesBuffer in
                PQexecParams(connection.handle, text, Int32(values.count), typesBuffer.baseAddress,
                             valuesBuffer.baseAddress, nil, nil, 0)
            }
        }
    }

    /// A statement whose rows are read (rather than one that changes rows and
    /// may return some, which a cursor cannot hold).
    private var isQuery: Bool {
        let start = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }.prefix(6).uppercased()
        return start.hasPrefix("SELECT") || start.hasPrefix("VALUES")
    }

    // MARK: - Reading the current row (0-based, like SQLite)

    public func isNull(at column: Int32) -> Bool {
        result == nil || row < 0 || row >= rowCount || PQgetisnull(result, row, column) == 1
    }

    public func int(at column: Int32) -> Int {
        guard !isNull(at: column), let text = PQgetvalue(result, row, column) else { return 0 }
        return strtol(text, nil, 10)
    }

    public func double(at column: Int32) -> Double {
        guard !isNull(at: column), let text = PQgetvalue(result, row, column) else { return 0 }
        return strtod(text, nil)
    }

    public func string(at column: Int32) -> String {
        withUTF8(at: column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The raw UTF-8 bytes of a text column, valid until the next step.
    public func withUTF8<R>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard !isNull(at: column), let text = PQgetvalue(result, row, column) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(PQgetlength(result, row, column))
        return try text.withMemoryRebound(to: UInt8.self, capacity: count) {
            try body(UnsafeBufferPointer(start: $0, count: count))
        }
    }
}
#endif
