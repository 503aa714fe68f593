#if canImport(Glibc)
import Glibc
#endif

/// Opening a SQLite file: rollback journal (DELETE) with `synchronous=EXTRA`,
/// so that a write traqt reported as done survives a crash or a power loss.
extension ActivityStore {
    static func openSQLiteForReading(path: String, busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
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

    static func openSQLiteForWriting(path: String, createIfMissing: Bool,
                                     busyTimeoutMilliseconds: Int32) throws -> ActivityStore {
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
        // The file this process created is removed again if nothing could be
        // written into it (still empty).
        let discard: (() -> Void)? = created ? { if FileSystem.size(path) == 0 { unlink(path) } } : nil
        return ActivityStore(path: path, connection: connection, discardCreated: discard)
    }
}
