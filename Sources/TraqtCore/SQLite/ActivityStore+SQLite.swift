import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Opening a SQLite file: rollback journal (DELETE) with `synchronous=EXTRA`,
/// so that a write traqt reported as done survives a crash or a power loss.
/// Before SQLite sees the file, `SQLiteFileGuard` checks it, the files beside
/// it and, for a write, its folder.
extension ActivityStore {
    /// Reads open the file read-only: SQLite never replays a journal through a
    /// read-only connection. A journal that passed the checks and is hot (a
    /// write crashed) is rolled back as a write would, then the read goes on.
    static func openSQLiteForReading(path: String, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        guard let database = try SQLiteFileGuard.find(path) else { return ActivityStore(path: path, connection: nil) }
        let journalFound = try SQLiteFileGuard.checkCompanions(of: database)
        let open = {
            try storeCall(path) {
                try SQLiteConnection(path: path, file: database.realPath, mode: .readOnly,
                                     busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
        }
        do {
            let connection = try open()
            guard journalFound else { return ActivityStore(path: path, connection: connection) }
            do {
                _ = try connection.integer("PRAGMA schema_version")
                return ActivityStore(path: path, connection: connection)
            } catch where error.extendedCode == SQLITE_READONLY_ROLLBACK_CODE {
                try recoverHotJournal(path: path, database: database, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                return ActivityStore(path: path, connection: try open())
            } catch {
                throw error.storeError(location: path)
            }
        } catch let StoreError.cannotCreate(path, detail) {
            // Nothing is created on a read path: an unopenable file is an I/O error.
            throw StoreError.io(path: path, detail: "cannot open: \(detail)")
        }
    }

    /// Rolls back the hot journal a crashed write left, through a connection
    /// that may write: what any writer's first read would do. Only where a
    /// write is allowed (the folder's check) and by a user who may write the
    /// file; the journal was checked before.
    private static func recoverHotJournal(path: String, database: SQLiteFileGuard.DatabaseFile,
                                          busyTimeoutMilliseconds: Int32) throws {
        guard faccessat(AT_FDCWD, database.realPath, W_OK, AT_EACCESS) == 0 else {
            throw StoreError.permissionDenied(path: path, detail: "a write that crashed left a journal beside it, which only a user who may write the database can roll back (any traqt write command of theirs does)")
        }
        try SQLiteFileGuard.checkFolderForWriting(database.folder, database: database.info)
        try SQLiteFileGuard.checkCompanions(of: database)
        try storeCall(path) {
            let writer = try SQLiteConnection(path: path, file: database.realPath, mode: .readWrite,
                                              busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            _ = try writer.integer("PRAGMA schema_version")
        }
    }

    static func openSQLiteForWriting(path: String, createIfMissing: Bool,
                                     busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
        var created = false
        var database = try SQLiteFileGuard.find(path, forCreating: createIfMissing)
        if database == nil {
            guard createIfMissing else { return ActivityStore(path: path, connection: nil) }
            // Creating through a link would make a file wherever it points.
            guard !FileSystem.isSymbolicLink(path) else {
                throw StoreError.cannotCreate(path: path, detail: "it is a symbolic link to a file that does not exist; traqt creates a database only at a real path")
            }
            try FileSystem.createParentDirectories(of: path)
            try SQLiteFileGuard.checkFolderForWriting(SQLiteFileGuard.folder(of: path), database: nil)
            created = try FileSystem.createPrivateFile(path)
            database = try SQLiteFileGuard.find(path)
        } else if FileSystem.isSymbolicLink(path) && FileSystem.size(path) == 0 {
            // An empty file is a new database to SQLite: through a link it would
            // turn whatever file the link names into one.
            throw StoreError.cannotCreate(path: path, detail: "it is a symbolic link to an empty file; traqt creates a database only at a real path")
        }
        guard let database else {
            throw StoreError.io(path: path, detail: "the file went away while it was opened")
        }
        try SQLiteFileGuard.checkCompanions(of: database)
        // The link's folder as well as the file's: whoever may write the one
        // holding the link can point it elsewhere. A database this process
        // just created is empty, and SQLite deletes a journal found beside an
        // empty database rather than replay it: the folder's group need not
        // be able to write it yet.
        let existing = created ? nil : database.info
        if FileSystem.isSymbolicLink(path) {
            try SQLiteFileGuard.checkFolderForWriting(SQLiteFileGuard.folder(of: path), database: existing)
        }
        try SQLiteFileGuard.checkFolderForWriting(database.folder, database: existing)
        let connection = try storeCall(path) {
            let connection = try SQLiteConnection(
                path: path, file: database.realPath, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
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
        // The file this process created is removed again if nothing could be
        // written into it (still empty).
        let discard: (() -> Void)? = created ? { if FileSystem.size(path) == 0 { unlink(path) } } : nil
        return ActivityStore(path: path, connection: connection, discardCreated: discard)
    }
}

/// SQLITE_READONLY_ROLLBACK (a macro Swift does not import): a read-only
/// connection found a hot journal it may not roll back.
let SQLITE_READONLY_ROLLBACK_CODE: Int32 = SQLITE_READONLY | (3 << 8)
/// SQLITE_CANTOPEN_SYMLINK: SQLITE_OPEN_NOFOLLOW met a link.
let SQLITE_CANTOPEN_SYMLINK_CODE: Int32 = SQLITE_CANTOPEN | (6 << 8)
