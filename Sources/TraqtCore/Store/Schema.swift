import TraqtMigrations

/// The schema's versions, the same numbers for every engine: each engine's
/// migrations (in `Migrations/`) bring a database to the next one.
public enum Schema {
    /// "trqt" in ASCII: what marks a database as traqt's.
    static let applicationID = 0x7472_7174
    /// The newest schema version this binary knows. Read from the steps, not
    /// the migrations: every open asks, and making those decodes all their SQL.
    public static var latestVersion: Int { SchemaStep.allCases.last?.version ?? 0 }

    /// The schema version of an open traqt database (0 when empty). Readers use
    /// an older schema as it is: what a later migration added is not there yet.
    static func version(of connection: any DatabaseConnection) throws -> Int {
        if case let .traqt(version) = try connection.schemaState() { return version }
        return 0
    }

    /// Whether an open database has what `step` added: the one guard of every
    /// reader of a table a later step created. Readers never migrate, so on an
    /// older schema the table is not there, and the reader finds nothing in it.
    static func has(_ step: SchemaStep, in connection: any DatabaseConnection) throws -> Bool {
        try version(of: connection) >= step.version
    }

    /// The same guard on a version already read: a reader that asks about two
    /// steps reads the schema once.
    static func has(_ step: SchemaStep, version: Int) -> Bool { version >= step.version }
}
