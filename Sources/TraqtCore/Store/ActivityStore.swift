/// The shared activity store: one database used by any number of processes,
/// a SQLite file on one machine or a PostgreSQL database for many hosts
/// (a `DatabaseLocation`). The commands use it without knowing which:
/// each engine's folder opens its connection (`SQLite/`, `PostgreSQL/`), and
/// everything here runs on `DatabaseConnection`.
///
/// - Reads never write and never create anything; a missing file (or schema)
///   reads as empty.
/// - Every write takes the engine's write lock before it reads (busy timeout),
///   brings the schema up to date in the same transaction, and either commits
///   whole or leaves the database as it was.
public final class ActivityStore {
    /// How long a command waits for another process's lock before giving up (exit 75).
    public static let defaultBusyTimeoutMilliseconds: Int32 = 10_000

    /// The schema version this binary creates and reads.
    public static var schemaVersion: Int { Schema.latestVersion }

    /// The database as the user named it: a path, or a URI without its password.
    public let path: String
    /// nil when there is nothing there yet (a missing file): every read then finds nothing.
    private let connection: (any DatabaseConnection)?
    /// Undoes the creation of an empty database when the first write into it
    /// fails with an I/O error (a full disk), so that nothing is left; set by
    /// the engine that created it.
    private var discardCreated: (() -> Void)?

    init(path: String, connection: (any DatabaseConnection)?, discardCreated: (() -> Void)? = nil) {
        self.path = path
        self.connection = connection
        self.discardCreated = discardCreated
    }

    /// Opens for reading only. Nothing missing is an error, and nothing is created.
    public static func openForReading(
        _ location: DatabaseLocation, busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds
    ) throws -> ActivityStore {
        switch location {
        case .sqlite(let path):
            return try openSQLiteForReading(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .postgres(let uri):
            return try openPostgres(uri, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    /// Opens for writing. With `createIfMissing`, creates what is missing (a
    /// SQLite file and its folders; a PostgreSQL schema is created by the first
    /// write); without, a missing file leaves `connection` nil so that the
    /// command can report what it could not find without creating anything.
    public static func openForWriting(
        _ location: DatabaseLocation, createIfMissing: Bool,
        busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds
    ) throws -> ActivityStore {
        switch location {
        case .sqlite(let path):
            return try openSQLiteForWriting(path: path, createIfMissing: createIfMissing,
                                            busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .postgres(let uri):
            let store = try openPostgres(uri, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            // Without createIfMissing, a database without traqt's schema is left
            // as it is, like a missing file.
            if !createIfMissing, let connection = store.connection,
               try storeCall(store.path, { try connection.schemaState() }) == .empty {
                return ActivityStore(path: store.path, connection: nil)
            }
            return store
        }
    }

    // MARK: - Transactions

    /// Runs `body` in one read transaction (one consistent snapshot), after
    /// checking the file is a traqt database this binary can read (any schema
    /// version up to its own). `body` is not called when there is nothing to
    /// read. Inside `snapshot` it joins the snapshot's transaction.
    func read(_ body: (any DatabaseConnection) throws -> Void) throws {
        guard let connection else { return }
        try storeCall(path) {
            if connection.isInTransaction {
                try body(connection)
                return
            }
            try connection.readTransaction {
                // An older schema is read as it is (readers never migrate): what a
                // later migration added is simply not there yet, and the reads
                // that need it check `Schema.version(of:)`.
                if try connection.schemaState() != .empty {
                    try body(connection)
                }
            }
        }
    }

    /// Runs `body` so that every read it makes sees the same state of the file,
    /// e.g. a first pass that measures column widths and a second that prints.
    public func snapshot(_ body: () throws -> Void) throws {
        try read { _ in try body() }
    }

    /// Runs `body` in `BEGIN IMMEDIATE`, after bringing the schema up to date in
    /// the same transaction, and before both, refuses a database with a trigger
    /// on traqt's tables. Anything `body` throws rolls the whole thing back.
    /// `connection` is nil only for a missing file opened without `createIfMissing`.
    func write<T>(_ body: ((any DatabaseConnection)?) throws -> T) throws -> T {
        guard let connection else { return try storeCall(path) { try body(nil) } }
        do {
            let result = try storeCall(path) {
                try connection.writeTransaction {
                    try Schema.refuseForeignTriggers(in: connection)
                    try connection.migrate()
                    return try body(connection)
                }
            }
            discardCreated = nil
            return result
        } catch let error as StoreError {
            // A full disk (or another I/O error) failed the first write into the
            // database this process created: remove it, so that a failed create
            // leaves nothing. Only then: after any other failure (a lock wait that
            // ran out, say) another process may be writing into it right now.
            if case .io = error { discardCreated?() }
            discardCreated = nil
            throw error
        }
    }
}

/// Runs a store operation, turning an engine's errors into `StoreError`s for
/// `path`; every other error (the store's own, or one thrown by a caller's
/// closure while rows stream) passes through unchanged.
func storeCall<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as any DatabaseEngineError {
        throw error.storeError(location: path)
    }
}
