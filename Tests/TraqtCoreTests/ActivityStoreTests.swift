import Foundation
import Testing
@testable import TraqtCore

private func activity(_ id: String, _ name: String, _ days: String, _ time: String) throws -> Activity {
    Activity(id: id, name: name, days: try Weekdays.parse(days), time: try TimeOfDay.parse(time))
}

private func bytes(at path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

@Suite("ActivityStore: saving, reading and removing on a real file")
struct ActivityStoreTests {
    @Test("A new store is created with its folders, stamped as traqt's, and reads back what was saved")
    func createAndRead() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/a/b/traqt.sqlite"
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
            #expect(try store.upsert(activity("walk", "Walk", "weekdays", "7:30"), now: 100) == .added)
            #expect(FileManager.default.fileExists(atPath: path))

            let check = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 1000)
            #expect(try check.integer("PRAGMA application_id") == 0x7472_7174)
            #expect(try check.integer("PRAGMA user_version") == Schema.latestVersion)

            let read = try ActivityStore.openForReading(.sqlite(path)).allActivities()
            try #require(read.count == 1)
            #expect(read[0].hasSameDefinition(as: try activity("walk", "Walk", "weekdays", "7:30")))
            #expect(read[0].createdAt == 100)
            #expect(read[0].updatedAt == 100)
        }
    }

    @Test("Saving an existing id replaces it and keeps its creation time")
    func update() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            #expect(try store.upsert(activity("walk", "Walk", "weekdays", "7:30"), now: 100) == .added)
            #expect(try store.upsert(activity("walk", "Walk the dog", "daily", "8:00"), now: 200) == .updated)
            let all = try store.allActivities()
            try #require(all.count == 1)
            #expect(all[0].hasSameDefinition(as: try activity("walk", "Walk the dog", "daily", "8:00")))
            #expect(all[0].createdAt == 100)
            #expect(all[0].updatedAt == 200)
        }
    }

    @Test("A batch reports added or updated per record, a repeated id counting as updated")
    func batchOutcomes() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            _ = try store.upsert(activity("a", "A", "mon", "1:00"), now: 1)
            let outcomes = try store.upsert(contentsOf: [
                activity("b", "B", "tue", "2:00"), activity("a", "A2", "wed", "3:00"), activity("b", "B2", "thu", "4:00"),
            ], now: 2)
            #expect(outcomes == [.added, .updated, .updated])
            #expect(try store.allActivities().map(\.name) == ["A2", "B2"])
            #expect(try store.upsert(contentsOf: [], now: 3).isEmpty)
        }
    }

    @Test("Activities are listed by time of day, then name, then id")
    func listOrder() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            _ = try store.upsert(contentsOf: [
                activity("z", "Same", "daily", "9:00"),
                activity("y", "Same", "daily", "9:00"),
                activity("x", "Alpha", "daily", "9:00"),
                activity("w", "Late", "daily", "23:59"),
                activity("v", "Early", "daily", "0:00"),
            ], now: 1)
            #expect(try store.allActivities().map(\.id) == ["v", "x", "y", "z", "w"])
        }
    }

    @Test("Removing is all or nothing: one unknown id removes none")
    func removeAllOrNothing() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            _ = try store.upsert(contentsOf: [activity("a", "A", "mon", "1:00"), activity("b", "B", "mon", "2:00")], now: 1)

            let error = #expect(throws: StoreError.self) { try store.remove(ids: ["a", "nope", "also-nope"]) }
            guard case let .unknownIDs(ids)? = error else {
                Issue.record("expected unknownIDs, got \(String(describing: error))")
                return
            }
            #expect(ids == ["nope", "also-nope"])
            #expect(error?.description == "no activities with ids 'nope', 'also-nope'; nothing was removed")
            #expect(try store.allActivities().map(\.id) == ["a", "b"])

            try store.remove(ids: ["b", "a"])
            #expect(try store.allActivities().isEmpty)
        }
    }

    @Test("A missing file opened without createIfMissing is left uncreated; removing from it names the ids")
    func missingFileNotCreated() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/none/traqt.sqlite"
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: false)
            let error = #expect(throws: StoreError.self) { try store.remove(ids: ["walk"]) }
            #expect(error?.description == "no activity with id 'walk'; nothing was removed")
            #expect(try store.allActivities().isEmpty)
            #expect(!FileManager.default.fileExists(atPath: directory + "/none"))
        }
    }

    @Test("A file that is not SQLite is refused and left untouched")
    func notSQLite() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/notes.txt"
            let content = Data(String(repeating: "not a database\n", count: 300).utf8)
            try content.write(to: URL(fileURLWithPath: path))
            #expect(throws: StoreError.self) { try ActivityStore.openForReading(.sqlite(path)).allActivities() }
            let error = #expect(throws: StoreError.self) {
                let writer = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
                try writer.upsert(activity("a", "A", "mon", "1:00"), now: 1)
            }
            guard case .notATraqtDatabase? = error else {
                Issue.record("expected notATraqtDatabase, got \(String(describing: error))")
                return
            }
            #expect(try bytes(at: path) == content)
        }
    }

    @Test("Another program's SQLite database is refused, for reading and writing, and left as it was")
    func otherSQLiteDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/other.sqlite"
            do {
                let other = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
                try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
            }
            let before = try bytes(at: path)

            let readError = #expect(throws: StoreError.self) { try ActivityStore.openForReading(.sqlite(path)).allActivities() }
            guard case .notATraqtDatabase? = readError else {
                Issue.record("expected notATraqtDatabase, got \(String(describing: readError))")
                return
            }
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
            let writeError = #expect(throws: StoreError.self) { try store.upsert(activity("a", "A", "mon", "1:00"), now: 1) }
            #expect(writeError?.description.contains("is not a traqt database") == true)
            #expect(try bytes(at: path) == before)
        }
    }

    @Test("An empty file reads as an empty store and becomes one on the first write")
    func emptyFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/traqt.sqlite"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect(try ActivityStore.openForReading(.sqlite(path)).allActivities().isEmpty)
            #expect(try bytes(at: path).isEmpty)
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: false)
            #expect(try store.upsert(activity("a", "A", "mon", "1:00"), now: 1) == .added)
            #expect(try ActivityStore.openForReading(.sqlite(path)).allActivities().count == 1)
        }
    }

    @Test("Names and ids are stored exactly, byte for byte")
    func exactText() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            let names = ["Cre\u{300}me", "Crème", "tab\tquote\"", "😀👩‍👩‍👧", "  spaced  ", "\u{1}ctl"]
            _ = try store.upsert(contentsOf: names.enumerated().map { index, name in
                Activity(id: "id-\(index)", name: name, days: .daily, time: TimeOfDay(minutes: index)!)
            }, now: 1)
            let back = try store.allActivities()
            #expect(back.map { Array($0.name.utf8) } == names.map { Array($0.utf8) })
        }
    }
}
