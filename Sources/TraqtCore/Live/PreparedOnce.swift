/// A statement prepared on its first use, then reused.
final class PreparedOnce {
    private let connection: any DatabaseConnection
    private let sql: String
    private var prepared: (any DatabaseStatement)?

    init(connection: any DatabaseConnection, sql: String) {
        self.connection = connection
        self.sql = sql
    }

    func get() throws -> any DatabaseStatement {
        if let prepared { return prepared }
        let statement = try connection.prepare(sql)
        prepared = statement
        return statement
    }
}
