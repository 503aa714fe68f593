#if canImport(Glibc)
import Glibc
#endif

/// The shared activity store: one SQLite file used by any number of processes.
///
/// - Reads never write and never create the file; a missing file reads as empty.
/// - Every write runs in `BEGIN IMMEDIATE` after waiting for the lock (busy
///   timeout), brings the schema up to date in the same transaction, and either
///   commits whole or leaves the file as it was.
/// - Rollback journal (DELETE) with `synchronous=EXTRA`: a write that traqt
///   reported as done survives a crash or a power loss.
public final class ActivityStore {
    /// How long a command waits for another process's lock before giving up (exit 75).
    public static let defaultBusyTimeoutMilliseconds: Int32 = 10_000

    /// The schema version this binary creates and reads (`PRAGMA user_version`).
    public static var schemaVersion: Int { Schema.latestVersion }

    public let path: String
    /// nil when the file does not exist: every read then finds nothing.
    private let connection: SQLiteConnection?
    /// Whether this process created the (empty) file: if its first write fails
    /// (a full disk), the empty file is removed again, so that nothing is left.
    private var createdFile: Bool

    private init(path: String, connection: SQLiteConnection?, createdFile: Bool = false) {
        self.path = path
        self.connection = connection
        self.createdFile = createdFile
    }

    /// Opens for reading only. A missing file is not an error and is not created.
    public static func openForReading(
        path: String, busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds
    ) throws -> ActivityStore {
        guard try FileSystem.exists(path) else { return ActivityStore(path: path, connection: nil) }
        // Read-write without create: SQLite can then roll back a journal that a
        // killed writer left behind (recovery, not a write of ours). A file the
        // user may not write is opened read-only by SQLite on its own.
        do {
            let connection = try storeCall(path) {
                try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
            return ActivityStore(path: path, connection: connection)
        } catch let StoreError.cannotCreate(path, detail) {
            // Nothing is created on a read path: an unopenable file (a folder, say) is an I/O error.
            throw StoreError.io(path: path, detail: "cannot open: \(detail)")
        }
    }

    /// Opens for writing. With `createIfMissing`, creates the file and its
    /// folders; without, a missing file leaves `connection` nil so that the
    /// command can report what it could not find without creating anything.
    public static func openForWriting(
        path: String, createIfMissing: Bool,
        busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds
    ) throws -> ActivityStore {
        var created = false
        if try !FileSystem.exists(path, forCreating: createIfMissing) {
            guard createIfMissing else { return ActivityStore(path: path, connection: nil) }
            // Creating through a link would make a file wherever it points.
            guard !FileSystem.isSymbolicLink(path) else {
                throw StoreError.cannotCreate(path: path, detail: "it is a symbolic link to a file that does not exist; traqt creates a database only at a real path")
            }
            try FileSystem.createParentDirectories(of: path)
            created = try FileSystem.createPrivateFile(path)
        } else if FileSystem.isSymbolicLink(path) && FileSystem.size(path) == 0 {
            // An empty file is a new database to SQLite: through a link it would
            // turn whatever file the link names into one.
            throw StoreError.cannotCreate(path: path, detail: "it is a symbolic link to an empty file; traqt creates a database only at a real path")
        }
        let connection = try storeCall(path) {
            let connection = try SQLiteConnection(
                path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            // If anyone ever switched the file to WAL, automatic (PASSIVE)
            // checkpoints are what can race a commit in SQLite 3.40; without them
            // the last connection to close checkpoints under an exclusive lock.
            connection.disableAutomaticCheckpoints()
            // EXTRA also syncs the folder after the journal is deleted, which is
            // what makes a commit in DELETE mode durable. (SQLite refuses to change
            // it inside a transaction, so it costs a short read of the schema here.)
            try connection.execute("PRAGMA synchronous = EXTRA")
            return connection
        }
        return ActivityStore(path: path, connection: connection, createdFile: created)
    }

    // MARK: - Transactions

    /// Runs `body` in one read transaction (one consistent snapshot), after
    /// checking the file is a traqt database this binary can read (any schema
    /// version up to its own). `body` is not called when there is nothing to
    /// read. Inside `snapshot` it joins the snapshot's transaction.
    func read(_ body: (SQLiteConnection) throws -> Void) throws {
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
                if try Schema.state(of: connection) != .empty {
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
    /// the same transaction. Anything `body` throws rolls the whole thing back.
    /// `connection` is nil only for a missing file opened without `createIfMissing`.
    func write<T>(_ body: (SQLiteConnection?) throws -> T) throws -> T {
        guard let connection else { return try storeCall(path) { try body(nil) } }
        do {
            let result = try storeCall(path) {
                try connection.writeTransaction {
                    try Schema.migrate(connection)
                    return try body(connection)
                }
            }
            createdFile = false
            return result
        } catch let error as StoreError {
            // A full disk (or another I/O error) failed the first write into the
            // file this process created, and it is still empty: remove it, so that
            // a failed create leaves nothing. Only then: after any other failure
            // (a lock wait that ran out, say) another process may be writing into
            // the same new file right now.
            if case .io = error, createdFile, FileSystem.size(path) == 0 { unlink(path) }
            createdFile = false
            throw error
        }
    }
}

/// Runs a store operation, turning SQLite's errors into `StoreError`s for `path`;
/// every other error (the store's own, or one thrown by a caller's closure while
/// rows stream) passes through unchanged.
func storeCall<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as SQLiteError {
        throw StoreError.from(error, path: path)
    }
}
