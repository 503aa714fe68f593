import Foundation
import Testing
@testable import TraqtCore

@Suite("SQLiteFileGuard: what SQLite may open")
struct SQLiteFileGuardTests {
    /// A writer deletes its journal when it commits. `lstat` can find the name
    /// and then report the inode after the unlink, with no name left: that file
    /// is gone, not a hard link, and must not make a concurrent reader or writer
    /// refuse the database (it did, once in a few thousand commits).
    @Test("a journal removed while it is checked counts as no journal, not as a file with 0 names")
    func journalUnlinkedDuringTheCheck() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/race.sqlite"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            let database = try #require(try SQLiteFileGuard.find(path))
            let journal = database.realPath + "-journal"
            let stop = Atomic(false)
            let churn = Thread {
                while !stop.load() {
                    let fd = open(journal, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    if fd >= 0 { _ = write(fd, "j", 1); close(fd) }
                    unlink(journal)
                }
            }
            churn.start()
            defer { stop.store(true) }
            var refusals: [String] = []
            for _ in 0..<100_000 where refusals.isEmpty {
                do { try SQLiteFileGuard.checkCompanions(of: database) } catch { refusals.append("\(error)") }
            }
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }
}

/// A flag shared with the churning thread.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool
    init(_ value: Bool) { self.value = value }
    func load() -> Bool { lock.withLock { value } }
    func store(_ newValue: Bool) { lock.withLock { value = newValue } }
}
