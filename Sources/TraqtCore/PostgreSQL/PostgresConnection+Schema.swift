#if Postgres
import TraqtMigrations

/// How a PostgreSQL database holds traqt: a schema of its own, `traqt` (so that
/// the database can hold other things), with a one-row table `meta` that marks it
/// as traqt's and records its version; the same version numbers as SQLite's.
extension PostgresConnection {
    /// Reads the schema's identity; throws for a `traqt` schema that is not
    /// traqt's (65) or newer than this binary (78). No schema reads as empty.
    public func schemaState() throws -> SchemaState {
        // Asked several times a command (every reader checks the version it
        // needs): within one transaction the answer cannot change but by our
        // own migration, so it costs the server's round trips once.
        if let knownState { return knownState }
        let state = try readSchemaState()
        if isInTransaction { knownState = state }
        return state
    }

    private func readSchemaState() throws -> SchemaState {
        let statement = PostgresStatement(connection: self, sql: """
            SELECT to_regnamespace('traqt') IS NOT NULL, to_regclass('traqt.meta') IS NOT NULL,
                (SELECT count(*) FROM pg_class WHERE relnamespace = to_regnamespace('traqt'))
            """)
        guard try statement.step() else { return .empty }
        let hasSchema = statement.string(at: 0) == "t", hasMeta = statement.string(at: 1) == "t"
        let objects = statement.int(at: 2)
        statement.reset()
        guard hasSchema else { return .empty }
        guard hasMeta else {
            // An empty schema (made by an administrator for traqt, say) is traqt's to fill.
            if objects == 0 { return .empty }
            throw StoreError.notATraqtDatabase(path: location, detail: "its schema 'traqt' belongs to another program (it has no traqt.meta)")
        }
        let meta = PostgresStatement(connection: self, sql: "SELECT application_id, version FROM traqt.meta")
        guard try meta.step() else {
            throw StoreError.notATraqtDatabase(path: location, detail: "traqt.meta is empty")
        }
        let applicationID = meta.int(at: 0), version = meta.int(at: 1)
        guard applicationID == Schema.applicationID else {
            throw StoreError.notATraqtDatabase(path: location, detail: "traqt.meta has application_id \(applicationID)")
        }
        guard version <= Schema.latestVersion else {
            throw StoreError.schemaTooNew(path: location, found: version, supported: Schema.latestVersion)
        }
        return .traqt(version: version)
    }

    /// The triggers on traqt's tables (its own `meta` included) but the ones
    /// PostgreSQL makes for constraints, and the rules, which rewrite traqt's
    /// statements as a trigger can (a view's own `_RETURN` rule aside).
    public func triggersOnTraqtTables() throws -> [TableTrigger] {
        let names = Schema.tablesSQL + ", 'meta'"
        let statement = PostgresStatement(connection: self, sql: """
            SELECT 'trigger', t.tgname, c.relname FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
            WHERE c.relnamespace = to_regnamespace('traqt') AND NOT t.tgisinternal AND c.relname IN (\(names))
            UNION ALL
            SELECT 'rule', r.rulename, c.relname FROM pg_rewrite AS r JOIN pg_class AS c ON c.oid = r.ev_class
            WHERE c.relnamespace = to_regnamespace('traqt') AND r.rulename <> '_RETURN' AND c.relname IN (\(names))
            ORDER BY 2
            """)
        var triggers: [TableTrigger] = []
        while try statement.step() {
            triggers.append(TableTrigger(kind: statement.string(at: 0), name: statement.string(at: 1),
                                         table: statement.string(at: 2)))
        }
        return triggers
    }

    /// Brings the schema up to date. Runs inside `writeTransaction`, whose
    /// advisory lock serializes it: many hosts creating the schema at once all
    /// succeed, the later ones finding the first one's work done.
    public func migrate() throws {
        var current: Int
        switch try schemaState() {
        case .empty:
            try execute("""
                CREATE SCHEMA IF NOT EXISTS traqt;
                CREATE TABLE traqt.meta (application_id bigint NOT NULL, version bigint NOT NULL);
                INSERT INTO traqt.meta VALUES (\(Schema.applicationID), 0);
                SET LOCAL search_path = traqt
                """)
            current = 0
        case let .traqt(version):
            current = version
        }
        for migration in postgresMigrations where migration.version > current {
            try execute(migration.sql)
            try execute("UPDATE traqt.meta SET version = \(migration.version)")
            current = migration.version
        }
        knownState = .traqt(version: current)
    }
}
#endif
