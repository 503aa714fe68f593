import Foundation
import Testing

/// Every command through the real binary, on a real database file.
@Suite("traqt commands")
struct CommandTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("data/traqt.sqlite")
    }

    private func traqt(_ arguments: String..., stdin: String? = nil) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database, stdin: stdin)
    }

    private func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("add creates the database and its folders, then upserts by the derived id")
    func addUpserts() throws {
        let first = try traqt("add", "Walk the dog!", "--days", "mon,wed,fri", "--at", "7:30")
        #expect(first.status == 0)
        #expect(first.stdout == "added walk-the-dog\n")
        #expect(first.stderr.isEmpty)
        let second = try traqt("add", "Walk the dog!", "--days", "weekdays", "--at", "7:45pm")
        #expect(second.stdout == "updated walk-the-dog\n")

        let list = try jsonArray(try traqt("list", "--json").stdout)
        #expect(list.count == 1)
        #expect(list[0]["daysOfWeek"] as? Int == 62)
        #expect(list[0]["timeOfDay"] as? Int == 19 * 60 + 45)
        #expect(list[0]["time"] as? String == "19:45")
    }

    @Test("add --id creates or replaces that record; global --db works before the command")
    func addWithID() throws {
        #expect(try traqt("add", "Standup", "--days", "weekdays", "--at", "09:15", "--id", "standup").stdout == "added standup\n")
        #expect(try traqt("add", "Daily standup", "--id", "standup", "--at", "9:30", "--days", "mon-thu").stdout == "updated standup\n")
        let other = directory.file("other.sqlite")
        let result = try InProcessTraqt.run(["--db", other, "add", "X", "--days", "daily", "--at", "00:00"], database: database)
        #expect(result.stdout == "added x\n")
        let list = try InProcessTraqt.run(["list", "--json", "--db", other], database: nil)
        #expect(try jsonArray(list.stdout).map { $0["id"] as? String } == ["x"])
        let mine = try jsonArray(try traqt("list", "--json").stdout)
        #expect(mine.map { $0["name"] as? String } == ["Daily standup"])
        #expect(mine[0]["days"] as? [String] == ["mon", "tue", "wed", "thu"])
    }

    @Test("names are stored exactly as given, any Unicode")
    func unicodeNames() throws {
        let names = ["Café au lait", "日本語のテスト", "emoji 🐕‍🦺 walk", "quote \" and \\ backslash", "  padded  "]
        for (index, name) in names.enumerated() {
            #expect(try traqt("add", name, "--days", "daily", "--at", "10:0\(index)", "--id", "n\(index)").status == 0)
        }
        let list = try jsonArray(try traqt("list", "--json").stdout)
        #expect(list.map { $0["name"] as? String } == names)
    }

    @Test("list prints aligned columns by time, then name; an empty store says so")
    func listText() throws {
        #expect(try traqt("list").stdout == "No activities.\n")
        _ = try traqt("add", "Gym", "--days", "mon,wed,fri", "--at", "18:00")
        _ = try traqt("add", "Breakfast", "--days", "daily", "--at", "07:00")
        _ = try traqt("add", "Alarm", "--days", "weekdays", "--at", "07:00")
        let result = try traqt("list")
        #expect(result.status == 0)
        #expect(result.stdout == """
            TIME   DAYS         ID         NAME
            07:00  weekdays     alarm      Alarm
            07:00  daily        breakfast  Breakfast
            18:00  mon,wed,fri  gym        Gym

            """)
    }

    @Test("list aligns wide characters by display width and never prints control characters")
    func listTextUnicode() throws {
        _ = try traqt("add", "Tea", "--days", "daily", "--at", "08:00", "--id", "日本")
        _ = try traqt("add", "Bell\u{7}\u{1B}[31mred\nnext", "--days", "daily", "--at", "09:00", "--id", "ab")
        let lines = try traqt("list").stdoutLines
        #expect(lines == [
            "TIME   DAYS   ID    NAME",
            "08:00  daily  日本  Tea",
            "09:00  daily  ab    Bell\u{FFFD}\u{FFFD}[31mred\u{FFFD}next",
        ])
        #expect(try traqt("today", "--now", "2026-11-30T08:30").stdout == "09:00  Bell\u{FFFD}\u{FFFD}[31mred\u{FFFD}next\n")
    }

    @Test("a table too large to keep in memory is read twice and lines up the same")
    func listLargeTable() throws {
        #expect(try traqt("import", "-", stdin: bulkJSON(count: 5000)).status == 0)
        let lines = try traqt("list").stdoutLines
        #expect(lines.count == 5001)
        // Every row's NAME starts where the header's does.
        let nameColumn = try #require(lines[0].range(of: "NAME")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            #expect(line.range(of: "Activity ")?.lowerBound.utf16Offset(in: line) == nameColumn)
        }
        let ids = Set(lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] })
        #expect(ids.count == 5000)
    }

    @Test("list --json and export print the documented JSON shape")
    func jsonShape() throws {
        _ = try traqt("add", "Walk dog", "--days", "sun,sat", "--at", "7:30")
        for output in [try traqt("list", "--json").stdout, try traqt("export").stdout] {
            let list = try jsonArray(output)
            let record = try #require(list.first)
            #expect(record["id"] as? String == "walk-dog")
            #expect(record["name"] as? String == "Walk dog")
            #expect(record["daysOfWeek"] as? Int == 65)
            #expect(record["timeOfDay"] as? Int == 450)
            #expect(record["days"] as? [String] == ["sun", "sat"])
            #expect(record["time"] as? String == "07:30")
            let created = try #require(record["createdAt"] as? String)
            #expect(created.hasSuffix("Z") && created.count == 20)
        }
        #expect(try traqt("list", "--json", "--db", directory.file("none.sqlite")).stdout == "[]\n")
    }

    @Test("today shows only what is pending at --now, at minute granularity")
    func todayPending() throws {
        _ = try traqt("add", "Early", "--days", "daily", "--at", "06:00")
        _ = try traqt("add", "Walk", "--days", "mon,wed,fri", "--at", "07:30")
        _ = try traqt("add", "Weekend", "--days", "weekends", "--at", "09:00")
        // 2026-11-30 is a Monday.
        let monday = try traqt("today", "--now", "2026-11-30T07:30:59")
        #expect(monday.status == 0)
        #expect(monday.stdout == "07:30  Walk\n")
        let after = try traqt("today", "--now", "2026-11-30T07:31")
        #expect(after.stdout == "No pending activities.\n")
        #expect(try traqt("today", "--now", "2026-11-30T07:31", "--quiet").stdout == "")
        #expect(try traqt("today", "--now", "2026-11-30T07:31", "--json").stdout == "[]\n")
        let sunday = try jsonArray(try traqt("today", "--now", "2026-11-29T05:00", "--json").stdout)
        #expect(sunday.map { $0["name"] as? String } == ["Early", "Weekend"])
    }

    @Test("today is the default command; a missing database reads as empty and is not created")
    func todayDefault() throws {
        let result = try traqt()
        #expect(result.status == 0)
        #expect(result.stdout == "No pending activities.\n")
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(!FileManager.default.fileExists(atPath: directory.file("data")))
    }

    @Test("remove removes each id and prints it; duplicates are harmless")
    func remove() throws {
        _ = try traqt("add", "A", "--days", "daily", "--at", "01:00")
        _ = try traqt("add", "B", "--days", "daily", "--at", "02:00")
        _ = try traqt("add", "C", "--days", "daily", "--at", "03:00")
        let result = try traqt("remove", "a", "c", "a")
        #expect(result.status == 0)
        #expect(result.stdout == "removed a\nremoved c\n")
        #expect(try jsonArray(try traqt("list", "--json").stdout).map { $0["id"] as? String } == ["b"])
    }

    @Test("remove tells ids apart byte for byte, as the store does")
    func removeExactIDs() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        _ = try traqt("add", "One", "--days", "daily", "--at", "01:00", "--id", composed)
        _ = try traqt("add", "Two", "--days", "daily", "--at", "02:00", "--id", decomposed)
        #expect(try jsonArray(try traqt("list", "--json").stdout).count == 2)
        let result = try traqt("remove", composed, decomposed)
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 2)
        #expect(try traqt("list", "--json").stdout == "[]\n")
    }

    @Test("export then import into an empty database reproduces the activities")
    func exportImportRoundTrip() throws {
        _ = try traqt("add", "Walk \"the\" dog", "--days", "fri-mon", "--at", "7:30")
        _ = try traqt("add", "Tea 🍵", "--days", "1", "--at", "16:00")
        _ = try traqt("add", "Plan", "--days", "weekdays", "--at", "08:00", "--id", "plan/week")
        let file = directory.file("backup.json")
        let export = try traqt("export", file)
        #expect(export.status == 0 && export.stdout.isEmpty)

        let copy = directory.file("copy.sqlite")
        let imported = try InProcessTraqt.run(["import", file], database: copy)
        #expect(imported.status == 0)
        #expect(imported.stdout == "imported 3 activities (3 added, 0 updated)\n")

        func definitions(_ path: String) throws -> [String] {
            try jsonArray(try InProcessTraqt.run(["list", "--json"], database: path).stdout).map {
                "\($0["id"]!)|\($0["name"]!)|\($0["daysOfWeek"]!)|\($0["timeOfDay"]!)"
            }
        }
        #expect(try definitions(copy) == definitions(database))
        #expect(try definitions(copy).count == 3)

        // Importing again updates instead of duplicating; '-' reads standard input.
        let again = try InProcessTraqt.run(["import", "-"], database: copy,
                                         stdin: try String(contentsOfFile: file, encoding: .utf8))
        #expect(again.stdout == "imported 3 activities (0 added, 3 updated)\n")
        #expect(try definitions(copy).count == 3)
    }

    @Test("export to a file replaces it whole and leaves no temporary file")
    func exportReplacesFile() throws {
        _ = try traqt("add", "A", "--days", "daily", "--at", "01:00")
        let file = directory.file("out.json")
        try "old contents".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try traqt("export", file).status == 0)
        #expect(try jsonArray(try String(contentsOfFile: file, encoding: .utf8)).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["data", "out.json"])
    }

    @Test("without --db or TRAQT_DB the database is under XDG_DATA_HOME, else HOME")
    func defaultLocation() throws {
        let home = directory.file("home"), dataHome = directory.file("xdg")
        let viaHome = try InProcessTraqt.run(["add", "A", "--days", "daily", "--at", "01:00"], database: nil,
                                           environment: ["HOME": home])
        #expect(viaHome.status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/traqt/traqt.sqlite"))
        let viaXDG = try InProcessTraqt.run(["add", "B", "--days", "daily", "--at", "01:00"], database: nil,
                                          environment: ["HOME": home, "XDG_DATA_HOME": dataHome])
        #expect(viaXDG.status == 0)
        #expect(FileManager.default.fileExists(atPath: dataHome + "/traqt/traqt.sqlite"))
        let list = try InProcessTraqt.run(["list", "--json"], database: nil, environment: ["HOME": home])
        #expect(try jsonArray(list.stdout).map { $0["id"] as? String } == ["a"])
    }

    @Test("colour only on a terminal, and never with NO_COLOR")
    func colourOnlyOnTerminal() throws {
        _ = try traqt("add", "A", "--days", "daily", "--at", "23:59")
        // script(1) gives traqt a terminal for its standard output.
        func onTerminal(_ extra: [String: String]) throws -> String {
            try runShell(#"script -qec "\"$TRAQT\" list" /dev/null"#, database: database,
                         environment: extra.merging(["TERM": "xterm"]) { $1 }).output
        }
        #expect(try onTerminal([:]).contains("\u{1B}["))
        #expect(!(try onTerminal(["NO_COLOR": "1"]).contains("\u{1B}[")))
        #expect(!(try traqt("list").stdout.contains("\u{1B}[")))
    }

    @Test("list | head -1 ends quietly")
    func brokenPipe() throws {
        // Enough rows that traqt is still writing when head has gone.
        #expect(try traqt("import", "-", stdin: bulkJSON(count: 3000)).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; \"$0\" list --db \"$1\" | head -1; echo \"status=$?\" >&2", TraqtProcess.executable.path, database]
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let outText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(outText.hasPrefix("TIME"))
        #expect(outText.split(separator: "\n").count == 1)
        // Nothing but the shell's status line on stderr: no error message from traqt.
        #expect(errText == "status=141\n" || errText == "status=0\n")
    }
}

/// A JSON array of `count` distinct activities, as `import` reads it.
func bulkJSON(count: Int, prefix: String = "bulk") -> String {
    var text = "["
    for index in 0..<count {
        if index > 0 { text += "," }
        text += "{\"id\":\"\(prefix)-\(index)\",\"name\":\"Activity \(index)\",\"daysOfWeek\":\(index % 127 + 1),\"timeOfDay\":\(index % 1440)}"
    }
    return text + "]"
}
