import Foundation
import Testing

/// What a new user trips over first: ids that collide, empty settings, near
/// misses, and one grammar for each kind of value in every command.
@Suite("everyday use")
struct EverydayUseTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
    }

    @discardableResult
    private func traqt(_ arguments: String..., stdin: String? = nil,
                       environment: [String: String] = [:]) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database, stdin: stdin, environment: environment)
    }

    private func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: database)) }

    private func listed() throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(try traqt("list", "--json").stdout.utf8)) as? [[String: Any]])
    }

    // MARK: - Ids

    @Test("a derived id that belongs to another name is refused, and nothing changes")
    func derivedIDCollision() throws {
        #expect(try traqt("add", "C++ study", "--days", "mon", "--at", "19:00").stdout == "added c-study\n")
        let before = try bytes()
        let clash = try traqt("add", "C# study", "--days", "tue", "--at", "20:00")
        #expect(clash.status == 65)
        #expect(clash.stdout.isEmpty)
        #expect(clash.stderr.contains("'c-study'"))
        #expect(clash.stderr.contains("'C++ study'"))
        #expect(clash.stderr.contains("--id"))
        #expect(try bytes() == before)

        // The same name, as typed, still updates; an explicit --id still replaces.
        #expect(try traqt("add", "C++ study", "--days", "wed", "--at", "19:30").stdout == "updated c-study\n")
        #expect(try traqt("add", "C# study", "--days", "tue", "--at", "20:00", "--id", "c-sharp-study").stdout == "added c-sharp-study\n")
        #expect(try traqt("add", "C sharp", "--days", "tue", "--at", "20:00", "--id", "c-study").stdout == "updated c-study\n")
        #expect(try listed().map { $0["name"] as? String } == ["C sharp", "C# study"])
    }

    // MARK: - Settings

    @Test("an empty --db or TRAQT_DB is a usage error, and no database is created anywhere")
    func emptyDatabaseSetting() throws {
        let home = directory.file("home")
        let empty = try InProcessTraqt.run(["add", "X", "--days", "mon", "--at", "8", "--db", ""], database: nil,
                                         environment: ["HOME": home])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--db is empty"))
        let unset = try InProcessTraqt.run(["add", "X", "--days", "mon", "--at", "8"], database: "",
                                         environment: ["HOME": home])
        #expect(unset.status == 64)
        #expect(unset.stderr.contains("TRAQT_DB is set but empty"))
        #expect(!FileManager.default.fileExists(atPath: home))
    }

    @Test("an unknown short option gets no far-fetched suggestion, and the usage of what was typed")
    func nearMisses() throws {
        let bare = try traqt("-V")
        #expect(bare.status == 64)
        #expect(bare.stderr == "Error: Unknown option '-V'\nUsage: traqt [--db <path>] <command> [<options>]\n  See 'traqt --help' for more information.\n")
        let inCommand = try traqt("list", "-V")
        #expect(inCommand.stderr.hasPrefix("Error: Unknown option '-V'\nUsage: traqt list"))
        let caseOnly = try traqt("today", "-Q")
        #expect(caseOnly.stderr.hasPrefix("Error: Unknown option '-Q'. Did you mean '-q'?\nUsage: traqt today"))
        let long = try traqt("--jsno")
        #expect(long.stderr.hasPrefix("Error: Unknown option '--jsno'. Did you mean '--json'?\nUsage: traqt [--db"))
    }

    // MARK: - One grammar for each value

    @Test("--at reads the hour alone, clock digits, am/pm, noon and midnight", arguments: [
        ("7", "07:00"), ("7pm", "19:00"), ("0730", "07:30"), ("noon", "12:00"), ("midnight", "00:00"), ("9:15am", "09:15"),
    ])
    func atForms(text: String, time: String) throws {
        #expect(try traqt("add", "X", "--days", "daily", "--at", text).status == 0)
        #expect(try listed().first?["time"] as? String == time)
    }

    @Test("--days numbers are cron's day numbers; the mask is mask:N", arguments: [
        ("1-5", ["mon", "tue", "wed", "thu", "fri"]), ("5", ["fri"]), ("0", ["sun"]), ("7", ["sun"]),
        ("1,3,5", ["mon", "wed", "fri"]), ("mask:62", ["mon", "tue", "wed", "thu", "fri"]),
        ("weekend", ["sun", "sat"]),
    ])
    func daysForms(text: String, days: [String]) throws {
        #expect(try traqt("add", "X", "--days", text, "--at", "8").status == 0)
        #expect(try listed().first?["days"] as? [String] == days)
    }

    @Test("--now reads the same forms in today, summary and due, offsets included", arguments: [
        "2026-11-30T06:00", "2026-11-30T06:00:00", "2026-11-30T11:00Z", "2026-11-30T06:00-05:00", "2026-11-30T12:00+0100",
    ])
    func nowForms(now: String) throws {
        let newYork = ["TZ": "America/New_York"]
        #expect(try traqt("add", "Walk", "--days", "mon", "--at", "7", environment: newYork).status == 0)
        #expect(try traqt("today", "--now", now, environment: newYork).stdout == "07:00  Walk\n")
        let summary = try traqt("summary", "--now", now, "--json", environment: newYork)
        #expect(summary.stdout.contains(#""date":"2026-11-30""#))
        #expect(summary.stdout.contains(#""status":"pending""#))
        #expect(try traqt("due", "--now", now, environment: newYork).stdout == "Nothing due.\n")
    }

    @Test("--now HH:MM is that time today")
    func nowTimeAlone() throws {
        #expect(try traqt("add", "Early", "--days", "daily", "--at", "00:00").status == 0)
        #expect(try traqt("add", "Late", "--days", "daily", "--at", "23:59").status == 0)
        #expect(try traqt("today", "--now", "12:00").stdout == "23:59  Late\n")
        #expect(try traqt("today", "--now", "00:00").stdout == "00:00  Early\n23:59  Late\n")
    }

    // MARK: - Import

    @Test("export then import into an empty database is exact, timestamps included")
    func roundTrip() throws {
        #expect(try traqt("add", "Walk", "--days", "mon,wed", "--at", "7:30").status == 0)
        #expect(try traqt("add", "Read", "--days", "sun", "--at", "21:00").status == 0)
        let exported = try traqt("export").stdout
        let copy = directory.file("copy.sqlite")
        let imported = try InProcessTraqt.run(["import", "-"], database: copy, stdin: exported)
        #expect(imported.stdout == "imported 2 activities (2 added, 0 updated)\n")
        #expect(try InProcessTraqt.run(["export"], database: copy).stdout == exported)
    }

    @Test("an import whose time disagrees with timeOfDay is refused, naming the record and field")
    func importDisagreement() throws {
        #expect(try traqt("add", "Walk", "--days", "mon", "--at", "7:30").status == 0)
        let before = try bytes()
        let edited = #"[{"id":"walk","name":"Walk","daysOfWeek":2,"timeOfDay":450,"time":"08:00"}]"#
        let result = try traqt("import", "-", stdin: edited)
        #expect(result.status == 65)
        #expect(result.stderr.contains("record 0, field 'time'"))
        #expect(try bytes() == before)
        let byName = #"[{"id":"walk","name":"Walk","days":["mon","fri"],"time":"08:00"}]"#
        #expect(try traqt("import", "-", stdin: byName).status == 0)
        let walk = try #require(try listed().first)
        #expect(walk["time"] as? String == "08:00")
        #expect(walk["days"] as? [String] == ["mon", "fri"])
    }
}
