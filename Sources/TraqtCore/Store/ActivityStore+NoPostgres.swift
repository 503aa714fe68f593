#if !Postgres
extension ActivityStore {
    /// This build has no PostgreSQL backend: the location cannot be used (69).
    static func openPostgres(_ uri: DatabaseLocation.PostgresURI, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        throw unavailable(uri)
    }

    /// Nor can its changes be waited for.
    static func postgresChangeSource(_ uri: DatabaseLocation.PostgresURI, busyTimeoutMilliseconds: Int32) throws -> any ChangeSource {
        throw unavailable(uri)
    }

    private static func unavailable(_ uri: DatabaseLocation.PostgresURI) -> StoreError {
        StoreError.unavailable(path: uri.shown, detail: """
            this traqt was built without PostgreSQL; build one that has it with \
            'swift build -c release --traits Postgres' (it needs Debian's libpq-dev)
            """)
    }
}
#endif
