#if Postgres
import CPostgres
#if canImport(Glibc)
import Glibc
#endif

/// A statement with parameters, run with libpq's extended protocol and read
/// one row at a time (single-row mode), so that a large result streams in
/// flat memory as SQLite's does. Parameters are sent as text with their types.
public final class PostgresStatement: DatabaseStatement {
    private unowned let connection: PostgresConnection
    let sql: String
    private var values: [String?] = []
    private var types: [UInt32] = []
    /// The current row's result (single-row mode), nil before the first step.
    private var row: OpaquePointer?
    private var running = false
    private var finished = false

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

    /// Drops what is left of a run and the bindings, ready to run again.
    public func reset() {
        if let row { PQclear(row) }
        row = nil
        if running { drain() }
        running = false
        finished = false
        values = []
        types = []
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

    // MARK: - Stepping

    /// Advances one row; `false` when the statement is done.
    @discardableResult
    public func step() throws(PostgresError) -> Bool {
        if let row { PQclear(row) }
        row = nil
        if finished { return false }
        if !running { try start() }
        guard let result = PQgetResult(connection.handle) else {
            running = false
            finished = true
            return false
        }
        switch PQresultStatus(result) {
        case PGRES_SINGLE_TUPLE:
            row = result
            return true
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
            connection.changes = PostgresConnection.changes(of: result)
            PQclear(result)
            drain()
            return false
        default:
            defer { PQclear(result); drain() }
            try connection.check(result, sql: sql)
            return false
        }
    }

    /// Runs a statement that returns no rows that matter.
    public func run() throws(PostgresError) {
        while try step() {}
    }

    private func start() throws(PostgresError) {
        let count = Int32(values.count)
        let pointers = values.map { $0.flatMap { strdup($0) } }
        defer { for pointer in pointers { free(pointer) } }
        let sent = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuesBuffer in
            types.withUnsafeBufferPointer { typesBuffer in
                PQsendQueryParams(connection.handle, sql, count, typesBuffer.baseAddress,
                                  valuesBuffer.baseAddress, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw connection.connectionError(sql: sql) }
        PQsetSingleRowMode(connection.handle)
        running = true
    }

    /// Reads the rest of the results so that the connection is free again.
    private func drain() {
        while let result = PQgetResult(connection.handle) { PQclear(result) }
        running = false
        finished = true
    }

    // MARK: - Reading the current row (0-based, like SQLite)

    public func isNull(at column: Int32) -> Bool {
        row == nil || PQgetisnull(row, 0, column) == 1
    }

    public func int(at column: Int32) -> Int {
        guard !isNull(at: column), let text = PQgetvalue(row, 0, column) else { return 0 }
        return strtol(text, nil, 10)
    }

    public func double(at column: Int32) -> Double {
        guard !isNull(at: column), let text = PQgetvalue(row, 0, column) else { return 0 }
        return strtod(text, nil)
    }

    public func string(at column: Int32) -> String {
        withUTF8(at: column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The raw UTF-8 bytes of a text column, valid until the next step.
    public func withUTF8<R>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard !isNull(at: column), let text = PQgetvalue(row, 0, column) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(PQgetlength(row, 0, column))
        return try text.withMemoryRebound(to: UInt8.self, capacity: count) {
            try body(UnsafeBufferPointer(start: $0, count: count))
        }
    }
}
#endif
