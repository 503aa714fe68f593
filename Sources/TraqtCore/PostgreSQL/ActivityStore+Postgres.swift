#if Postgres
extension ActivityStore {
    /// Opens a PostgreSQL database by its libpq URI. Nothing is created here:
    /// the first write creates the schema, and reads of a database without it
    /// find nothing.
    static func openPostgres(uri: String, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        let connection = try storeCall(DatabaseLocation.redacted(uri)) {
            try PostgresConnection(uri: DatabaseLocation.normalizedURI(uri), lockTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
        return ActivityStore(path: connection.location, connection: connection)
    }
}
#endif
