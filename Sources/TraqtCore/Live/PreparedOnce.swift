/// A statement prepared on its first use, then reused.
final class PreparedOnce {
    private let connection: SQLiteConnection
    private let sql: String
    private var prepared: SQLiteStatement?

    init(connection: SQLiteConnection, sql: String) {
        self.connection = connection
        self.sql = sql
    }

    func get() throws -> SQLiteStatement {
        if let prepared { return prepared }
        let statement = try connection.prepare(sql)
        prepared = statement
        return statement
    }
}
