import TraqtMigrations

/// How a SQLite file says it is traqt's: `PRAGMA application_id` ("trqt" at
/// offset 68 of the header) and the schema version in `PRAGMA user_version`.
extension SQLiteConnection {
    /// Reads the file's identity; throws for a file that is not traqt's or is too new.
    /// Runs inside a transaction so that the answer cannot change before it is used.
    public func schemaState() throws -> SchemaState {
        // Two plain pragmas cost a fraction of one query over the pragma
        // functions; the schema is counted only for a file that is not marked.
        let applicationID = try integer("PRAGMA application_id")
        let version = try integer("PRAGMA user_version")
        if applicationID == Schema.applicationID {
            guard version <= Schema.latestVersion else {
                throw StoreError.schemaTooNew(path: path, found: version, supported: Schema.latestVersion)
            }
            return .traqt(version: version)
        }
        if applicationID == 0 && version == 0, try integer("SELECT count(*) FROM sqlite_schema") == 0 {
            return .empty
        }
        let detail = applicationID == 0
            ? "it is an SQLite database of another program"
            : "it is an SQLite database with application_id \(applicationID)"
        throw StoreError.notATraqtDatabase(path: path, detail: detail)
    }

    /// The triggers on traqt's tables, whatever case their statement wrote
    /// the table's name in (SQLite's names ignore ASCII case).
    public func triggersOnTraqtTables() throws -> [TableTrigger] {
        let statement = try SQLiteStatement(connection: self, sql: """
            SELECT name, lower(tbl_name) FROM sqlite_schema
            WHERE type = 'trigger' AND lower(tbl_name) IN (\(Schema.tablesSQL)) ORDER BY name
            """)
        var triggers: [TableTrigger] = []
        while try statement.step() {
            triggers.append(TableTrigger(kind: "trigger", name: statement.string(at: 0), table: statement.string(at: 1)))
        }
        return triggers
    }

    /// Brings the schema up to date. Must run inside `BEGIN IMMEDIATE`: two
    /// processes creating the same new file serialize here, and the second one
    /// finds the first one's work done.
    public func migrate() throws {
        let current: Int
        switch try schemaState() {
        case .empty:
            current = 0
            try execute("PRAGMA application_id = \(Schema.applicationID)")
        case let .traqt(version):
            current = version
        }
        for migration in migrations where migration.version > current {
            try execute(migration.sql)
            try execute("PRAGMA user_version = \(migration.version)")
        }
    }
}
