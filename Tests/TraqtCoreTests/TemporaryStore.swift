@testable import TraqtCore

/// Runs `body` with a new store in a SQLite file of its own, created, and the
/// file's path; the folder is removed afterwards.
func withStore(_ body: (ActivityStore, String) throws -> Void) throws {
    try withTemporaryDirectory { directory in
        let path = directory + "/db.sqlite"
        try body(try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true), path)
    }
}
