import CSQLite

/// A failed SQLite call: the extended result code, SQLite's own message and,
/// where there was one, the SQL that failed (never the bound values).
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, e.g. 5 (SQLITE_BUSY) or 1555 (SQLITE_CONSTRAINT_PRIMARYKEY).
    public let extendedCode: Int32
    public let message: String
    public let sql: String?
    /// `errno` of the last failed system call SQLite made, when SQLite kept one.
    public let systemErrno: Int32

    /// The primary result code (the low byte of the extended one).
    public var code: Int32 { extendedCode & 0xff }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " - while executing '\(sql)'" }
        return text
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        extendedCode = code
        if let connection, let cMessage = sqlite3_errmsg(connection) {
            message = String(cString: cMessage)
            systemErrno = sqlite3_system_errno(connection)
        } else {
            message = String(cString: sqlite3_errstr(code))
            systemErrno = 0
        }
        self.sql = sql
    }
}
