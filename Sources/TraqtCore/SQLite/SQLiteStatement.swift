import CSQLite

/// SQLite copies bound text and blobs before the bind call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. It finalizes itself when released, so a thrown error
/// can never leak one (a leaked statement keeps the read lock).
public final class SQLiteStatement: DatabaseStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: - Binding (1-based, like SQLite)

    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, sqlite3_int64(value)))
    }

    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        // An explicit byte length keeps text with embedded NULs intact.
        var value = value
        let code = value.withUTF8 { bytes in
            sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), transient)
        }
        try check(code)
    }

    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// How many parameters the SQL has (the largest `?N`).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Readies the statement to run again with new bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: - Stepping

    /// Advances one row; `false` when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            // sqlite3_reset returns the same code; calling it releases the statement's locks.
            sqlite3_reset(handle)
            throw SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
    }

    /// Runs a statement that returns no rows that matter.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    // MARK: - Reading the current row (0-based, like SQLite)

    public func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    public func string(at column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The raw UTF-8 bytes of a text column, valid until the next step: lets a
    /// streaming writer copy them straight to its buffer.
    public func withUTF8<R>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let text = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
    }

    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
    }
}
