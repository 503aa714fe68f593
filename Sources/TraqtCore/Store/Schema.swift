import TraqtMigrations

/// What marks a file as traqt's and which schema version it has.
enum Schema {
    /// `PRAGMA application_id`: "trqt" in ASCII, at offset 68 of the file header.
    static let applicationID = 0x7472_7174
    /// The newest schema version this binary knows (`PRAGMA user_version`).
    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The schema version that added the reminder tables (`0002-reminders.sql`).
    static let remindersVersion = 2
    /// The schema version that added live activities and time spent (`0003-live-activities.sql`).
    static let liveVersion = 3
    /// The schema version that added the `claimed` and `started` states of
    /// `due --exec` (`0004-exec-states.sql`).
    static let execStatesVersion = 4

    /// The schema version of an open traqt database.
    static func version(of connection: SQLiteConnection) throws -> Int {
        try connection.integer("PRAGMA user_version")
    }

    enum State: Equatable {
        /// A new or empty file: nothing in it yet.
        case empty
        case traqt(version: Int)
    }

    /// Reads the file's identity; throws for a file that is not traqt's or is too new.
    /// Runs inside a transaction so that the answer cannot change before it is used.
    static func state(of connection: SQLiteConnection) throws -> State {
        // Two plain pragmas cost a fraction of one query over the pragma
        // functions; the schema is counted only for a file that is not marked.
        let applicationID = try connection.integer("PRAGMA application_id")
        let version = try connection.integer("PRAGMA user_version")
        if applicationID == Schema.applicationID {
            guard version <= latestVersion else {
                throw StoreError.schemaTooNew(path: connection.path, found: version, supported: latestVersion)
            }
            return .traqt(version: version)
        }
        if applicationID == 0 && version == 0,
           try connection.integer("SELECT count(*) FROM sqlite_schema") == 0 {
            return .empty
        }
        let detail = applicationID == 0
            ? "it is an SQLite database of another program"
            : "it is an SQLite database with application_id \(applicationID)"
        throw StoreError.notATraqtDatabase(path: connection.path, detail: detail)
    }

    /// Brings the schema up to date. Must run inside `BEGIN IMMEDIATE`: two
    /// processes creating the same new file serialize here, and the second one
    /// finds the first one's work done.
    static func migrate(_ connection: SQLiteConnection) throws {
        let current: Int
        switch try state(of: connection) {
        case .empty:
            current = 0
            try connection.execute("PRAGMA application_id = \(applicationID)")
        case let .traqt(version):
            current = version
        }
        for migration in migrations where migration.version > current {
            try connection.execute(migration.sql)
            try connection.execute("PRAGMA user_version = \(migration.version)")
        }
    }
}
