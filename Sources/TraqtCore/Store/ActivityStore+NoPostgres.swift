#if !Postgres
extension ActivityStore {
    /// This build has no PostgreSQL backend: the location cannot be used (69).
    static func openPostgres(uri: String, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        throw StoreError.unavailable(path: DatabaseLocation.redacted(uri), detail: """
            this traqt was built without PostgreSQL; build one that has it with \
            'swift build -c release --traits Postgres' (it needs Debian's libpq-dev)
            """)
    }
}
#endif
