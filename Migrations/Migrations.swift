/// One step of the schema, applied once, in order, never edited after release.
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

/// Every migration, embedded in the binary so that it works wherever it is copied.
/// A new file in this folder is added to `resources` in Package.swift and here;
/// each version has a file for SQLite and one for PostgreSQL (`*.postgres.sql`).
public let migrations: [Migration] = [
    Migration(version: 1, fileName: "0001-activities.sql", bytes: PackageResources._001_activities_sql),
    Migration(version: 2, fileName: "0002-reminders.sql", bytes: PackageResources._002_reminders_sql),
    Migration(version: 3, fileName: "0003-live-activities.sql", bytes: PackageResources._003_live_activities_sql),
    Migration(version: 4, fileName: "0004-exec-states.sql", bytes: PackageResources._004_exec_states_sql),
    Migration(version: 5, fileName: "0005-day-marks.sql", bytes: PackageResources._005_day_marks_sql),
]

/// The same versions for PostgreSQL, applied in the schema `traqt`.
public let postgresMigrations: [Migration] = [
    Migration(version: 1, fileName: "0001-activities.postgres.sql", bytes: PackageResources._001_activities_postgres_sql),
    Migration(version: 2, fileName: "0002-reminders.postgres.sql", bytes: PackageResources._002_reminders_postgres_sql),
    Migration(version: 3, fileName: "0003-live-activities.postgres.sql", bytes: PackageResources._003_live_activities_postgres_sql),
    Migration(version: 4, fileName: "0004-exec-states.postgres.sql", bytes: PackageResources._004_exec_states_postgres_sql),
    Migration(version: 5, fileName: "0005-day-marks.postgres.sql", bytes: PackageResources._005_day_marks_postgres_sql),
]
