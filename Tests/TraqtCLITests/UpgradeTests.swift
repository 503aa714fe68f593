import Foundation
import Testing
import TraqtCore
import TraqtMigrations

/// A database made by an older traqt: readers use it as it is, the first
/// write upgrades it.
@Suite("older databases")
struct UpgradeTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("v1.sqlite")
        try Self.createVersion1(at: database)
    }

    /// A database at schema version 1 with one activity (Walk, daily at 07:30),
    /// as the first release left it.
    static func createVersion1(at path: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.execute(migrations[0].sql)
        try connection.execute("""
            PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 1;
            INSERT INTO activity VALUES ('walk', 'Walk', 127, 450, 1, 1);
            """)
    }

    @Test("readers read a version-1 database without changing it")
    func readersReadOldSchema() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let list = try InProcessTraqt.run(["list", "--json"], database: database)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(#""id":"walk""#))
        let today = try InProcessTraqt.run(["today", "--now", "2026-11-30T07:00"], database: database)
        #expect(today.stdout == "07:30  Walk\n")
        let summary = try InProcessTraqt.run(["summary", "--date", "2026-11-30", "--now", "2026-11-30T07:00"], database: database)
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("Walk"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test("the first write upgrades it to the current schema, keeping the data")
    func writeUpgrades() throws {
        #expect(try InProcessTraqt.run(["add", "Tea", "--days", "daily", "--at", "16:00"], database: database).status == 0)
        let connection = try SQLiteConnection(path: database, mode: .readOnly, busyTimeoutMilliseconds: 1000)
        #expect(try connection.integer("PRAGMA user_version") == ActivityStore.schemaVersion)
        #expect(try connection.integer("SELECT count(*) FROM activity") == 2)
    }

    @Test("a version-3 database keeps its reminder records through the rebuild of 0004; due then uses them")
    func occurrencesKeptThroughVersion4() throws {
        let path = directory.file("v3.sqlite")
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.execute(migrations[0].sql + ";" + migrations[1].sql + ";" + migrations[2].sql)
        // Walk fired, Tea failed, Gym missed on 2026-11-30 (New York, -05:00).
        try connection.execute("""
            PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 3;
            INSERT INTO activity VALUES ('walk', 'Walk', 127, 450, 1, 1), ('tea', 'Tea', 127, 460, 1, 1),
                                        ('gym', 'Gym', 127, 470, 1, 1);
            INSERT INTO reminder_state VALUES (1, 1796038200, 1796043060, 1796038200);
            INSERT INTO occurrence VALUES ('walk', '2026-11-30', 1796041800, 'fired', 1796041800, NULL),
                                          ('tea', '2026-11-30', 1796042400, 'failed', 1796042460, 3),
                                          ('gym', '2026-11-30', 1796043000, 'missed', NULL, NULL);
            """)
        let newYork = ["TZ": "America/New_York"]
        let due = try InProcessTraqt.run(["due", "--now", "2026-11-30T08:00"], database: path, environment: newYork)
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout == "Nothing due.\n")
        #expect(try connection.integer("PRAGMA user_version") == ActivityStore.schemaVersion)
        let summary = try InProcessTraqt.run(["summary", "--date", "2026-11-30", "--now", "2026-11-30T08:00"],
                                           database: path, environment: newYork)
        #expect(summary.stdout == """
            Monday 2026-11-30
            07:30  Walk  fired at 07:30
            07:40  Tea   failed at 07:41 (exit 3)
            07:50  Gym   missed

            """)
        let indexes = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'occurrence' ORDER BY name")
        var names: [String] = []
        while try indexes.step() { names.append(indexes.string(at: 0)) }
        #expect(names.contains("occurrence_by_time") && names.contains("occurrence_claimed"), "\(names)")
        #expect(try connection.integer("SELECT count(*) FROM occurrence") == 3)
        let check = try connection.prepare("PRAGMA integrity_check")
        #expect(try check.step() && check.string(at: 0) == "ok")
    }

    @Test("a database from before marked days (version 3) reads as having none; the first mark upgrades it")
    func beforeDayMarks() throws {
        let path = directory.file("v3.sqlite")
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.execute(migrations.prefix(3).map(\.sql).joined(separator: ";"))
        try connection.execute("""
            PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 3;
            INSERT INTO activity VALUES ('walk', 'Walk', 127, 450, 1, 1);
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let environment = ["TZ": "UTC"]
        let now = ["--now", "2026-11-30T07:00"]
        #expect(try InProcessTraqt.run(["today"] + now, database: path).stdout == "07:30  Walk\n")
        #expect(try InProcessTraqt.run(["summary", "--json"] + now, database: path).stdout.contains(#""status":"pending""#))
        #expect(try InProcessTraqt.run(["due", "--dry-run", "--now", "2026-11-30T07:30"], database: path).stdout == "07:30  Walk\n")
        #expect(try InProcessTraqt.run(["live", "status"] + now, database: path).stdout == "next 07:30 Walk\n")
        let calendar = try InProcessTraqt.run(["export", "--format", "ics"], database: path, environment: environment)
        #expect(calendar.status == 0 && !calendar.stdout.contains("EXDATE"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        #expect(try InProcessTraqt.run(["done", "walk"] + now, database: path).stdout == "done walk 2026-11-30\n")
        #expect(try connection.integer("PRAGMA user_version") == ActivityStore.schemaVersion)
        #expect(try InProcessTraqt.run(["today"] + now, database: path).stdout == "No pending activities.\n")
    }

    @Test("a database from before API tokens (version 7) lists none and is left as it is; the first token upgrades it")
    func beforeAPITokens() throws {
        let path = directory.file("v7.sqlite")
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.execute(migrations.prefix(7).map(\.sql).joined(separator: ";"))
        try connection.execute("PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 7;")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try InProcessTraqt.run(["token", "list"], database: path).stdout == "No API tokens.\n")
        #expect(try InProcessTraqt.run(["token", "list", "--json"], database: path).stdout == "[]\n")
        let revoke = try InProcessTraqt.run(["token", "revoke", "ci"], database: path)
        #expect(revoke.status == 65)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try connection.integer("PRAGMA user_version") == 7)

        let added = try InProcessTraqt.run(["token", "add", "ci", "--scope", "read"], database: path)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try connection.integer("PRAGMA user_version") == ActivityStore.schemaVersion)
        #expect(try connection.integer("SELECT count(*) FROM api_token") == 1)
    }
}
