import Foundation
import Testing

/// Rows that another program wrote, which no traqt could have: every reader
/// refuses them by name (65) instead of crashing, and `export FILE` leaves
/// nothing behind.
@Suite("rows written by other programs")
struct ForeignRowTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        let add = try InProcessTraqt.run(["add", "Good", "--days", "daily", "--at", "7"], database: database)
        #expect(add.status == 0)
    }

    private func sqlite(_ sql: String) throws { try sqliteShell(sql, on: database) }

    static let readers: [[String]] = [
        ["list"], ["list", "--json"], ["export"], ["today", "--now", "2026-11-30T00:00"],
        ["summary", "--now", "2026-11-30T00:00"], ["due", "--now", "2026-11-30T08:00"],
    ]

    @Test("milliseconds where seconds belong: refused where timestamps are read, shown where they are not", arguments: readers)
    func milliseconds(command: [String]) throws {
        try sqlite("insert into activity values('ms','x',127,480,1764460800000,1764460800000)")
        let result = try InProcessTraqt.run(command, database: database)
        if ["summary", "due"].contains(command[0]) {
            // These read only the schedule, which is sound.
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("08:00  x"))
        } else {
            #expect(result.status == 65)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("activity 'ms'"))
            #expect(result.stderr.contains("milliseconds"))
        }
    }

    @Test("days and times that bypassed the CHECKs", arguments: [
        ("0", "480", "days_of_week 0"), ("200", "480", "days_of_week 200"), ("1", "1440", "time_of_day 1440"), ("1", "-5", "time_of_day -5"),
        // On every day: summary meets them too.
        ("127", "1440", "time_of_day 1440"), ("127", "-5", "time_of_day -5"),
    ])
    func outOfRange(days: String, time: String, message: String) throws {
        try sqlite("pragma ignore_check_constraints = on; insert into activity values('bad','x',\(days),\(time),1,1)")
        // Whatever reads the row refuses it; a reader whose query cannot match
        // it (today's filter on a day mask of 0) may never meet it. None crashes.
        for command in Self.readers {
            let result = try InProcessTraqt.run(command, database: database)
            let readsEveryRow = ["list", "export"].contains(command[0])
            #expect(result.status == 65 || (!readsEveryRow && result.status == 0), "\(command)")
            if result.status == 65 {
                #expect(result.stderr.contains("activity 'bad': \(message)"), "\(command): \(result.stderr)")
            }
        }
    }

    /// Every command that shows an activity's id or name, or hands it on.
    static let showingReaders: [[String]] = readers + [
        ["list", "--json"], ["export", "--format", "ics"], ["today", "--json", "--now", "2026-11-30T00:00"],
        ["summary", "--json", "--now", "2026-11-30T00:00"], ["summary", "--markdown", "--now", "2026-11-30T00:00"],
        ["summary", "--week", "--now", "2026-11-30T00:00"], ["summary", "--week", "--json", "--now", "2026-11-30T00:00"],
        ["summary", "--week", "--markdown", "--now", "2026-11-30T00:00"],
        ["due", "--dry-run", "--now", "2026-11-30T08:00"], ["edit", "bad", "--at", "9"], ["live", "start", "bad"],
    ]

    /// Text no traqt would have stored: bytes that are no UTF-8 (a lone 0x9B
    /// is the 8-bit CSI of a terminal), NUL, a name or an id past its limit,
    /// a blank name.
    static let foreignText: [(column: String, sql: String, message: String)] = [
        ("name", "CAST(X'FF41' AS TEXT)", "the name is not valid UTF-8 (byte 0xFF at offset 0)"),
        ("name", "CAST(X'419B5B3331' AS TEXT)", "the name is not valid UTF-8 (byte 0x9B at offset 1)"),
        ("name", "CAST(X'41C3' AS TEXT)", "the name is not valid UTF-8 (byte 0xC3 at offset 1)"),
        ("name", "CAST(X'41EDA080' AS TEXT)", "the name is not valid UTF-8 (byte 0xED at offset 1)"),
        ("name", "CAST(X'410042' AS TEXT)", "the name must not contain NUL"),
        ("name", "printf('%.*c', 1048576, 'x')", "the name is 1048576 bytes long; at most 1024 bytes"),
        ("name", "'   '", "the name must not be empty"),
        ("id", "'bad' || CAST(X'FF' AS TEXT)", "the id is not valid UTF-8 (byte 0xFF at offset 3)"),
        ("id", "'bad' || char(27) || '[31m'", "the id must not contain control characters"),
        ("id", "'bad' || char(155)", "the id must not contain control characters"),
        ("id", "'bad' || printf('%.*c', 300, 'x')", "the id is longer than 200 bytes"),
    ]

    @Test("text no traqt could have stored is refused by name wherever it is shown", arguments: foreignText)
    func badText(column: String, sql: String, message: String) throws {
        try sqlite("insert into activity values('bad','Bad',127,480,1764460800,1764460800); update activity set \(column) = \(sql) where id = 'bad'")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for command in Self.showingReaders {
            // An id that changed is still found by its first bytes: the command looks for the id it names.
            let result = try InProcessTraqt.run(command, database: database)
            if column == "id" && ["edit", "live"].contains(command[0]) {
                #expect(result.status == 65 && result.stderr.contains("no activity with id 'bad'"), "\(command): \(result.stderr)")
                continue
            }
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command)")
            #expect(result.stderr.contains("in activity 'bad"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
        }
        // Nothing was written: not by due, edit or live start.
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test("due --exec starts no command for such a row", arguments: ["CAST(X'FF41' AS TEXT)", "printf('%.*c', 1048576, 'x')"])
    func dueExecRefuses(name: String) throws {
        try sqlite("insert into activity values('bad','Bad',127,480,1764460800,1764460800); update activity set name = \(name) where id = 'bad'")
        let log = directory.file("ran")
        let result = try InProcessTraqt.run(["due", "--now", "2026-11-30T08:00", "--exec", "/bin/sh", "-c", #"echo "$TRAQT_ID" >> "$0""#, log],
                                          database: database)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("in activity 'bad'"))
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test("watch --json and --waybar stop at such a row with 65", arguments: ["--json", "--waybar"])
    func watchRefuses(format: String) throws {
        try sqlite("insert into activity values('bad','Bad',127,480,1764460800,1764460800); update activity set name = CAST(X'FF41' AS TEXT) where id = 'bad'")
        // A watch that keeps running is ended by timeout (124): that is the failure.
        let result = try runShell(#"timeout 5 "$TRAQT" watch \#(format) --now 2026-11-30T00:00 2>&1; echo " $?""#, database: database)
        #expect(result.output.hasPrefix("Error: "), "\(result.output)")
        #expect(result.output.contains("in activity 'bad': the name is not valid UTF-8"))
        #expect(result.output.hasSuffix("; fix or remove it with the sqlite3 shell\n 65\n"))
    }

    @Test("export FILE stops at such a row and leaves no file behind")
    func exportLeavesNothing() throws {
        try sqlite("insert into activity values('ms','x',127,480,1764460800000,1764460800000)")
        let backup = directory.file("backups/backup.json")
        try FileManager.default.createDirectory(atPath: directory.file("backups"), withIntermediateDirectories: true)
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: backup))
        let result = try InProcessTraqt.run(["export", backup], database: database)
        #expect(result.status == 65)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("backups")) == ["backup.json"])
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "[]\n")
    }
}
