import TraqtMigrations

/// The schema's versions, the same numbers for every engine: each engine's
/// migrations (in `Migrations/`) bring a database to the next one.
public enum Schema {
    /// "trqt" in ASCII: what marks a database as traqt's.
    static let applicationID = 0x7472_7174
    /// The newest schema version this binary knows.
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The schema version that added the reminder tables (`0002-reminders.sql`).
    static let remindersVersion = 2
    /// The schema version that added live activities and time spent (`0003-live-activities.sql`).
    static let liveVersion = 3
    /// The schema version that added the `claimed` and `started` states of
    /// `due --exec` (`0004-exec-states.sql`).
    static let execStatesVersion = 4
    /// The schema version that added days marked done or skipped (`0005-day-marks.sql`).
    static let dayMarksVersion = 5

    /// The schema version of an open traqt database (0 when empty). Readers use
    /// an older schema as it is: what a later migration added is not there yet.
    static func version(of connection: any DatabaseConnection) throws -> Int {
        if case let .traqt(version) = try connection.schemaState() { return version }
        return 0
    }
}
