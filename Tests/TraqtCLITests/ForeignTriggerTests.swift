import Foundation
import Testing

/// What a group member who may write the database, but has only SQL, can add
/// to its schema: a trigger on traqt's tables is refused by every write before
/// it can fire; what else makes a statement fail is a data error (65), not a
/// bug of traqt's (70).
@Suite("triggers and schema changes by other programs")
struct ForeignTriggerTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        let add = try InProcessTraqt.run(["add", "Stretch", "--days", "daily", "--at", "7"], database: database)
        #expect(add.status == 0)
    }

    private func sqlite(_ sql: String) throws { try sqliteShell(sql, on: database) }

    private var bytes: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: database)) } }

    /// Puts every fired reminder back to claimed: each `due --exec` would run it again.
    static let refire = """
        CREATE TRIGGER Refire AFTER UPDATE OF status ON Occurrence WHEN new.status IN ('fired', 'failed')
        BEGIN UPDATE occurrence SET status = 'claimed' WHERE activity_id = new.activity_id AND local_date = new.local_date; END
        """

    @Test("a trigger that re-claims fired reminders never runs a command twice: every write refuses it by name")
    func refire() throws {
        // The ledger exists; the first run fired nothing yet.
        #expect(try InProcessTraqt.run(["due", "--now", "2026-11-30T06:00"], database: database).status == 0)
        try sqlite(Self.refire)
        let before = try bytes
        let log = directory.file("ran")
        for minute in 1...5 {
            let result = try InProcessTraqt.run(["due", "--quiet", "--now", "2026-11-30T07:0\(minute)",
                                               "--exec", "/bin/sh", "-c", #"echo "$TRAQT_ID" >> "$0""#, log],
                                              database: database)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("has a trigger 'Refire' on the table 'occurrence'"), "\(result.stderr)")
            #expect(result.stderr.contains("nothing was written"))
        }
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(try bytes == before)
    }

    @Test("every kind of write refuses a trigger on any of traqt's tables", arguments: [
        "activity", "occurrence", "reminder_state", "live_activity", "time_spent", "day_mark",
    ])
    func everyWrite(table: String) throws {
        try sqlite("CREATE TRIGGER watcher BEFORE INSERT ON main.\(table) BEGIN SELECT RAISE(IGNORE); END")
        let export = try InProcessTraqt.run(["export"], database: database)
        let before = try bytes
        for command in [["add", "Read", "--days", "daily", "--at", "8"], ["remove", "stretch"], ["edit", "stretch", "--at", "9"],
                        ["done", "stretch"], ["due", "--now", "2026-11-30T07:01"], ["live", "start", "stretch"],
                        ["import", "-"]] {
            let result = try InProcessTraqt.run(command, database: database,
                                              stdin: export.stdout.replacingOccurrences(of: "Stretch", with: "Stretching"))
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("trigger 'watcher' on the table '\(table)'"), "\(command): \(result.stderr)")
        }
        #expect(try bytes == before)
        // Readers are not concerned: a trigger never fires on a read.
        #expect(try InProcessTraqt.run(["list"], database: database).status == 0)
    }

    @Test("other programs' own tables, views and their triggers stay allowed")
    func othersOwn() throws {
        try sqlite("""
            CREATE TABLE mine (x TEXT); CREATE VIEW my_view AS SELECT id FROM activity;
            CREATE TRIGGER mine_log AFTER INSERT ON mine BEGIN SELECT 1; END;
            CREATE TRIGGER my_view_write INSTEAD OF INSERT ON my_view BEGIN INSERT INTO mine VALUES (new.id); END
            """)
        #expect(try InProcessTraqt.run(["add", "Read", "--days", "daily", "--at", "8"], database: database).status == 0)
        #expect(try InProcessTraqt.run(["due", "--now", "2026-11-30T07:01"], database: database).status == 0)
    }

    @Test("a constraint, index or column another program added is a data error naming SQLite's reason", arguments: [
        // A second activity of the same name breaks a UNIQUE index.
        ("CREATE UNIQUE INDEX one_name ON activity (name)", ["add", "Stretch", "--id", "stretch-2", "--days", "daily", "--at", "8"], "UNIQUE constraint failed: activity.name"),
        // An expression index whose function fails on what traqt writes.
        ("CREATE INDEX as_json ON activity (json_extract(name, '$')) WHERE name <> 'Stretch'", ["add", "Read", "--days", "daily", "--at", "8"], "malformed JSON"),
        // A table dropped behind traqt's back.
        ("DROP TABLE day_mark", ["done", "stretch"], "no such table: day_mark"),
    ])
    func schemaChanged(sql: String, command: [String], reason: String) throws {
        try sqlite(sql)
        let before = try bytes
        let result = try InProcessTraqt.run(command, database: database)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.stderr.contains("another program changed its schema"), "\(result.stderr)")
        #expect(try bytes == before)
    }
}
