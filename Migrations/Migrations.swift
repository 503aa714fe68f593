/// The steps of the schema, in order: the one list of migrations. A step is
/// applied once and never edited after release; its version is its number,
/// and readers of an older schema ask for a step by name (`Schema.has`).
///
/// A new step costs two files in this folder (`NNNN-name.sql` for SQLite,
/// `NNNN-name.postgres.sql` for PostgreSQL), its name in Package.swift's
/// `migrationFiles`, and a case here; `MigrationListTests` checks the three agree.
public enum SchemaStep: Int, CaseIterable, Sendable {
    case activities = 1
    case reminders
    case liveActivities
    case execStates
    case dayMarks
    case pushTokens
    case pushOrder
    case apiTokens

    /// The file name without its number and extension, and the embedded SQL of
    /// each engine. SwiftPM names an embedded file after it, with a leading
    /// digit and the punctuation turned into `_`.
    private var files: (name: String, sqlite: [UInt8], postgres: [UInt8]) {
        switch self {
        case .activities:
            ("activities", PackageResources._001_activities_sql, PackageResources._001_activities_postgres_sql)
        case .reminders:
            ("reminders", PackageResources._002_reminders_sql, PackageResources._002_reminders_postgres_sql)
        case .liveActivities:
            ("live-activities", PackageResources._003_live_activities_sql, PackageResources._003_live_activities_postgres_sql)
        case .execStates:
            ("exec-states", PackageResources._004_exec_states_sql, PackageResources._004_exec_states_postgres_sql)
        case .dayMarks:
            ("day-marks", PackageResources._005_day_marks_sql, PackageResources._005_day_marks_postgres_sql)
        case .pushTokens:
            ("push-tokens", PackageResources._006_push_tokens_sql, PackageResources._006_push_tokens_postgres_sql)
        case .pushOrder:
            ("push-order", PackageResources._007_push_order_sql, PackageResources._007_push_order_postgres_sql)
        case .apiTokens:
            ("api-tokens", PackageResources._008_api_tokens_sql, PackageResources._008_api_tokens_postgres_sql)
        }
    }

    /// The schema version a database has after this step.
    public var version: Int { rawValue }

    /// The file name shared by both engines' files, e.g. `0003-live-activities`.
    public var baseName: String {
        let number = String(rawValue)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + "-" + files.name
    }

    /// This step for SQLite.
    public var sqlite: Migration { Migration(version: version, fileName: baseName + ".sql", bytes: files.sqlite) }

    /// This step for PostgreSQL, applied in the schema `traqt`.
    public var postgres: Migration {
        Migration(version: version, fileName: baseName + ".postgres.sql", bytes: files.postgres)
    }
}

/// One step of the schema for one engine.
public struct Migration: Sendable {
    /// The schema version the database has after this step (`PRAGMA user_version`).
    public let version: Int
    /// The file in `Migrations/` the SQL comes from.
    public let fileName: String
    public let sql: String

    init(version: Int, fileName: String, bytes: [UInt8]) {
        self.version = version
        self.fileName = fileName
        self.sql = String(decoding: bytes, as: UTF8.self)
    }
}

/// Every migration for SQLite, embedded in the binary so that it works wherever it is copied.
public let migrations: [Migration] = SchemaStep.allCases.map(\.sqlite)

/// The same versions for PostgreSQL.
public let postgresMigrations: [Migration] = SchemaStep.allCases.map(\.postgres)
