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
        let add = try TraqtProcess.run(["add", "Good", "--days", "daily", "--at", "7"], database: database)
        #expect(add.status == 0)
    }

    /// Runs SQL on the database with the sqlite3 shell, as another program would.
    private func sqlite(_ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static let readers: [[String]] = [
        ["list"], ["list", "--json"], ["export"], ["today", "--now", "2026-11-30T00:00"],
        ["summary", "--now", "2026-11-30T00:00"], ["due", "--now", "2026-11-30T08:00"],
    ]

    @Test("milliseconds where seconds belong: refused where timestamps are read, shown where they are not", arguments: readers)
    func milliseconds(command: [String]) throws {
        try sqlite("insert into activity values('ms','x',127,480,1764460800000,1764460800000)")
        let result = try TraqtProcess.run(command, database: database)
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
            let result = try TraqtProcess.run(command, database: database)
            let readsEveryRow = ["list", "export"].contains(command[0])
            #expect(result.status == 65 || (!readsEveryRow && result.status == 0), "\(command)")
            if result.status == 65 {
                #expect(result.stderr.contains("activity 'bad': \(message)"), "\(command): \(result.stderr)")
            }
        }
    }

    @Test("export FILE stops at such a row and leaves no file behind")
    func exportLeavesNothing() throws {
        try sqlite("insert into activity values('ms','x',127,480,1764460800000,1764460800000)")
        let backup = directory.file("backups/backup.json")
        try FileManager.default.createDirectory(atPath: directory.file("backups"), withIntermediateDirectories: true)
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: backup))
        let result = try TraqtProcess.run(["export", backup], database: database)
        #expect(result.status == 65)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("backups")) == ["backup.json"])
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "[]\n")
    }
}
