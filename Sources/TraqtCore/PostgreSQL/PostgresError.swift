#if Postgres
/// A failed libpq call: the SQLSTATE the server sent (empty when the failure is
/// the connection's own), the server's or libpq's message and, where there was
/// one, the SQL that failed (never the bound values).
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The server answered with an error (see `sqlState`).
        case server
        /// No connection could be made: refused, unknown host, no such database.
        case unreachable
        /// The server refused the login (password, role, pg_hba.conf).
        case loginRefused
        /// The connection broke during the command; the server rolls back.
        case connectionLost
    }

    public let kind: Kind
    /// Five characters, e.g. `55P03` (lock_not_available); empty unless `.server`.
    public let sqlState: String
    public let message: String
    public let sql: String?

    public var description: String {
        var text = sqlState.isEmpty ? "PostgreSQL: \(message)" : "PostgreSQL error \(sqlState): \(message)"
        if let sql { text += " - while executing '\(sql)'" }
        return text
    }
}
#endif
