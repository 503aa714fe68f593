import Foundation
import Testing
@testable import TraqtCore
import TraqtMigrations

/// The store on real files: schema, identity checks, and what it refuses.
@Suite("ActivityStore on real files")
struct StoreTests {
    let directory: StoreTestDirectory
    init() throws { directory = try StoreTestDirectory() }

    private func sample(_ id: String, _ name: String = "Walk dog", mask: Int = 42, minutes: Int = 450) -> Activity {
        Activity(id: id, name: name, days: Weekdays(mask: mask)!, time: TimeOfDay(minutes: minutes)!)
    }

    @Test("a write to a new file creates it with the whole schema, marked as traqt's")
    func migratesFromEmpty() throws {
        let path = directory.file("nested/folders/db.sqlite")
        let store = try ActivityStore.openForWriting(path: path, createIfMissing: true)
        #expect(try store.upsert(sample("a"), now: 1_000) == .added)

        let raw = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 1000)
        #expect(try raw.integer("PRAGMA application_id") == Schema.applicationID)
        #expect(try raw.integer("PRAGMA user_version") == migrations.last!.version)
        #expect(try raw.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'activity'") == 1)
        #expect(try raw.integer("SELECT count(*) FROM activity") == 1)
    }

    @Test("reopening an up-to-date database changes nothing and keeps the data")
    func idempotentReopen() throws {
        let path = directory.file("db.sqlite")
        try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1_000)
        let schemaBefore = try schemaText(path)
        for round in 0..<3 {
            let store = try ActivityStore.openForWriting(path: path, createIfMissing: true)
            #expect(try store.upsert(sample("b\(round)"), now: 2_000) == .added)
        }
        #expect(try schemaText(path) == schemaBefore)
        let all = try ActivityStore.openForReading(path: path).allActivities()
        #expect(all.map(\.id).sorted() == ["a", "b0", "b1", "b2"])
    }

    @Test("an upsert of an existing id replaces it and keeps its creation time")
    func upsertKeepsCreationTime() throws {
        let path = directory.file("db.sqlite")
        let store = try ActivityStore.openForWriting(path: path, createIfMissing: true)
        #expect(try store.upsert(sample("a", "Old"), now: 1_000) == .added)
        #expect(try store.upsert(sample("a", "New", mask: 127, minutes: 0), now: 5_000) == .updated)
        let all = try ActivityStore.openForReading(path: path).allActivities()
        #expect(all.count == 1)
        #expect(all[0].name == "New" && all[0].days.mask == 127 && all[0].time.minutes == 0)
        #expect(all[0].createdAt == 1_000 && all[0].updatedAt == 5_000)
    }

    @Test("reading a missing database finds nothing and does not create it")
    func missingReadsAsEmpty() throws {
        let path = directory.file("absent/db.sqlite")
        let store = try ActivityStore.openForReading(path: path)
        #expect(try store.allActivities().isEmpty)
        var pending = 0
        try store.forEachPending(PendingFilter(at: LocalDateTime(year: 2026, month: 1, day: 5)!)) { _ in pending += 1 }
        #expect(pending == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: directory.file("absent")))
    }

    @Test("a read leaves the file byte-for-byte unchanged")
    func readsNeverWrite() throws {
        let path = directory.file("db.sqlite")
        try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1_000)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try ActivityStore.openForReading(path: path)
        _ = try store.allActivities()
        try store.forEachPending(PendingFilter(at: LocalDateTime(year: 2026, month: 1, day: 5, hour: 6)!)) { _ in }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an empty (0-byte) file reads as empty and is initialised by a write")
    func zeroByteFile() throws {
        let path = directory.file("db.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try ActivityStore.openForReading(path: path).allActivities().isEmpty)
        #expect(try ActivityStore.openForWriting(path: path, createIfMissing: false).upsert(sample("a"), now: 1) == .added)
    }

    @Test("remove of an unknown id removes nothing, even the known ones")
    func removeIsAllOrNothing() throws {
        let path = directory.file("db.sqlite")
        let store = try ActivityStore.openForWriting(path: path, createIfMissing: true)
        _ = try store.upsert(contentsOf: [sample("a"), sample("b")], now: 1)
        #expect(throws: StoreError.self) { try store.remove(ids: ["a", "nope", "b"]) }
        #expect(try store.allActivities().map(\.id) == ["a", "b"])
        try store.remove(ids: ["b", "a"])
        #expect(try store.allActivities().isEmpty)
    }

    @Test("remove on a missing database reports the ids and creates nothing")
    func removeOnMissingDatabase() throws {
        let path = directory.file("db.sqlite")
        let store = try ActivityStore.openForWriting(path: path, createIfMissing: false)
        let error = #expect(throws: StoreError.self) { try store.remove(ids: ["x"]) }
        guard case let .unknownIDs(ids)? = error else { Issue.record("unexpected error \(String(describing: error))"); return }
        #expect(ids == ["x"])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a bulk upsert is one transaction: a constraint failure saves none")
    func bulkUpsertIsAtomic() throws {
        let path = directory.file("db.sqlite")
        let store = try ActivityStore.openForWriting(path: path, createIfMissing: true)
        // The table's CHECK refuses an empty name even if a caller skipped validation.
        let bad = Activity(id: "bad", name: "", days: .daily, time: TimeOfDay(minutes: 1)!)
        #expect(throws: StoreError.self) { try store.upsert(contentsOf: [sample("a"), bad], now: 1) }
        #expect(try store.allActivities().isEmpty)
    }

    // MARK: - Files that are not traqt's

    @Test("a database with a newer schema is refused by readers and writers and left unchanged")
    func newerSchemaRefused() throws {
        let path = directory.file("db.sqlite")
        try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1)
        try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
            .execute("PRAGMA user_version = \(Schema.latestVersion + 1)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(throws: StoreError.self) { _ = try ActivityStore.openForReading(path: path).allActivities() }
        let error = #expect(throws: StoreError.self) {
            try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("b"), now: 2)
        }
        guard case let .schemaTooNew(_, found, supported)? = error else { Issue.record("unexpected error \(String(describing: error))"); return }
        #expect(found == Schema.latestVersion + 1 && supported == Schema.latestVersion)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a file of random bytes is refused and left byte-for-byte untouched", arguments: [16, 4096, 65536])
    func randomBytesRefused(size: Int) throws {
        let path = directory.file("random-\(size).bin")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: URL(fileURLWithPath: path))

        expectNotTraqt { _ = try ActivityStore.openForReading(path: path).allActivities() }
        expectNotTraqt { try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1) }
        expectNotTraqt { try ActivityStore.openForWriting(path: path, createIfMissing: true).remove(ids: ["a"]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["random-\(size).bin"])
    }

    @Test("another program's SQLite file is refused and left byte-for-byte untouched")
    func foreignSQLiteRefused() throws {
        let path = directory.file("other.sqlite")
        do {
            let other = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
            try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        expectNotTraqt { _ = try ActivityStore.openForReading(path: path).allActivities() }
        expectNotTraqt { try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an SQLite file with another application_id is refused")
    func otherApplicationIDRefused() throws {
        let path = directory.file("other.sqlite")
        try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
            .execute("PRAGMA application_id = 1234")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        expectNotTraqt { try ActivityStore.openForWriting(path: path, createIfMissing: true).upsert(sample("a"), now: 1) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
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

/// A fresh folder per test, removed afterwards.
final class StoreTestDirectory {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("traqt-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
