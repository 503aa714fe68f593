#if Postgres
extension ActivityStore {
    /// Opens a PostgreSQL database by its libpq URI. Nothing is created here:
    /// the first write creates the schema, and reads of a database without it
    /// find nothing.
    static func openPostgres(_ uri: DatabaseLocation.PostgresURI, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        let connection = try storeCall(uri.shown) {
            try PostgresConnection(uri, lockTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
        return ActivityStore(path: connection.location, connection: connection)
    }
}
#endif
