import Foundation
import Testing
@testable import TraqtCore
import TraqtMigrations

/// The store on real files: schema, identity checks, and what it refuses.
@Suite("ActivityStore on real files")
struct StoreTests {
    private func sample(_ id: String, _ name: String = "Walk dog", mask: Int = 42, minutes: Int = 450) -> Activity {
        Activity(id: id, name: name, days: Weekdays(mask: mask)!, time: TimeOfDay(minutes: minutes)!)
    }

    @Test("reopening an up-to-date database changes nothing and keeps the data")
    func idempotentReopen() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/db.sqlite"
            try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("a"), now: 1_000)
            let schemaBefore = try schemaText(path)
            for round in 0..<3 {
                let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
                #expect(try store.upsert(sample("b\(round)"), now: 2_000) == .added)
            }
            #expect(try schemaText(path) == schemaBefore)
            let all = try ActivityStore.openForReading(.sqlite(path)).allActivities()
            #expect(all.map(\.id).sorted() == ["a", "b0", "b1", "b2"])
        }
    }

    @Test("reading a missing database finds nothing and does not create it")
    func missingReadsAsEmpty() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/absent/db.sqlite"
            let store = try ActivityStore.openForReading(.sqlite(path))
            #expect(try store.allActivities().isEmpty)
            var pending = 0
            try store.forEachPending(PendingFilter(at: LocalDateTime(year: 2026, month: 1, day: 5)!)) { _ in pending += 1 }
            #expect(pending == 0)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: directory + "/absent"))
        }
    }

    @Test("a read leaves the file byte-for-byte unchanged")
    func readsNeverWrite() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/db.sqlite"
            try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("a"), now: 1_000)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let store = try ActivityStore.openForReading(.sqlite(path))
            _ = try store.allActivities()
            try store.forEachPending(PendingFilter(at: LocalDateTime(year: 2026, month: 1, day: 5, hour: 6)!)) { _ in }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("remove counts a repeated id once and returns the ids it removed, in order")
    func removeRepeatedIDs() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/db.sqlite"), createIfMissing: true)
            _ = try store.upsert(contentsOf: [sample("a"), sample("b"), sample("c")], now: 1)
            #expect(try store.remove(ids: ["c", "a", "c"]) == ["c", "a"])
            #expect(try store.allActivities().map(\.id) == ["b"])
        }
    }

    @Test("a bulk upsert is one transaction: a constraint failure saves none")
    func bulkUpsertIsAtomic() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/db.sqlite"
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
            // The table's CHECK refuses an empty name even if a caller skipped validation.
            let bad = Activity(id: "bad", name: "", days: .daily, time: TimeOfDay(minutes: 1)!)
            #expect(throws: StoreError.self) { try store.upsert(contentsOf: [sample("a"), bad], now: 1) }
            #expect(try store.allActivities().isEmpty)
        }
    }

    // MARK: - Files that are not traqt's

    @Test("a database with a newer schema is refused by readers and writers and left unchanged")
    func newerSchemaRefused() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/db.sqlite"
            try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("a"), now: 1)
            try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
                .execute("PRAGMA user_version = \(Schema.latestVersion + 1)")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            #expect(throws: StoreError.self) { _ = try ActivityStore.openForReading(.sqlite(path)).allActivities() }
            let error = #expect(throws: StoreError.self) {
                try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("b"), now: 2)
            }
            guard case let .schemaTooNew(_, found, supported)? = error else { Issue.record("unexpected error \(String(describing: error))"); return }
            #expect(found == Schema.latestVersion + 1 && supported == Schema.latestVersion)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("a file of random bytes is refused and left byte-for-byte untouched", arguments: [16, 4096, 65536])
    func randomBytesRefused(size: Int) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/random-\(size).bin"
            var generator = SystemRandomNumberGenerator()
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try bytes.write(to: URL(fileURLWithPath: path))

            expectNotTraqt { _ = try ActivityStore.openForReading(.sqlite(path)).allActivities() }
            expectNotTraqt { try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("a"), now: 1) }
            expectNotTraqt { try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).remove(ids: ["a"]) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["random-\(size).bin"])
        }
    }

    @Test("an SQLite file with another application_id is refused")
    func otherApplicationIDRefused() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/other.sqlite"
            try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
                .execute("PRAGMA application_id = 1234")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            expectNotTraqt { try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true).upsert(sample("a"), now: 1) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    // MARK: - Helpers

    private func expectNotTraqt(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("a file that is not traqt's was accepted", sourceLocation: sourceLocation)
        } catch StoreError.notATraqtDatabase {
            // expected
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    private func schemaText(_ path: String) throws -> String {
        let raw = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 1000)
        let statement = try raw.prepare("SELECT group_concat(sql, ';') FROM sqlite_schema")
        try statement.step()
        return statement.string(at: 0) + "|\(try raw.integer("PRAGMA user_version"))"
    }
}
