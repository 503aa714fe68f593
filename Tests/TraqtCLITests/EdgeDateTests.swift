import Foundation
import Testing
import TraqtCore

/// The first and last days traqt supports, 1970-01-01 and 9999-12-31, work
/// like any other; dates beyond them are usage errors (64). After every run
/// the database is intact, with no journal left behind.
@Suite("dates at the edges of the supported range")
struct EdgeDateTests {
    /// A Friday activity (9999-12-31 is a Friday) and a daily one, in New York.
    static func fixture() throws -> ReminderFixture {
        let fixture = try ReminderFixture()
        try fixture.add("Friday", id: "friday", days: "fri", at: "09:00")
        try fixture.add("Nightly", id: "nightly", at: "23:30")
        try fixture.add("Early", id: "early", at: "00:15")
        return fixture
    }

    /// `PRAGMA integrity_check` says ok, and no hot journal is left.
    static func expectIntact(_ fixture: ReminderFixture, _ label: String) throws {
        #expect(!FileManager.default.fileExists(atPath: fixture.database + "-journal"), "\(label): journal left")
        let connection = try SQLiteConnection(path: fixture.database, mode: .readOnly, busyTimeoutMilliseconds: 1000)
        let check = try connection.prepare("PRAGMA integrity_check")
        #expect(try check.step())
        #expect(check.string(at: 0) == "ok", "\(label)")
    }

    static func bytes(_ fixture: ReminderFixture) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    }

    @Test("dates before 1970-01-01 or after 9999-12-31 are usage errors that change nothing", arguments: [
        ["due", "--now", "0001-01-01T12:00"],
        ["due", "--now", "1969-12-31T23:59"],
        ["due", "--now", "9999-12-31T23:00-12:00"],
        ["due", "--dry-run", "--now", "0001-01-01T12:00"],
        ["summary", "--now", "0001-01-01T00:00"],
        ["summary", "--date", "0001-01-01"],
        ["summary", "--date", "0000-01-01"],
        ["summary", "--date", "1969-12-31"],
        ["summary", "--date", "tomorrow", "--now", "9999-12-31T12:00"],
        ["summary", "--date", "yesterday", "--now", "1970-01-01T12:00"],
        ["summary", "--date", "thu", "--now", "9999-12-31T12:00"],
        ["today", "--now", "0001-01-01T00:00"],
        ["live", "list", "--now", "0001-01-01T00:00"],
    ])
    func outsideRange(arguments: [String]) throws {
        let fixture = try Self.fixture()
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T08:00"]).status == 0)
        let before = try Self.bytes(fixture)
        let result = try fixture.traqt(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("1970-01-01 to 9999-12-31"), "\(result.stderr)")
        #expect(try Self.bytes(fixture) == before)
        try Self.expectIntact(fixture, "\(arguments)")
    }

    @Test("due on the last days fires what is due there and nothing beyond")
    func dueAtTheEnd() throws {
        let fixture = try Self.fixture()
        // The day before the last: the window reaches into 9999-12-31.
        let first = try fixture.due(now: "9999-12-30T12:00")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.fired.isEmpty)
        try Self.expectIntact(fixture, "9999-12-30")
        let midnight = try fixture.due(now: "9999-12-31T00:00")
        #expect(midnight.status == 0, "\(midnight.stderr)")
        #expect(midnight.fired.map { $0["id"] as? String } == ["nightly"])
        #expect(midnight.fired.first?["scheduledAt"] as? String == "9999-12-30T23:30:00-05:00")
        let last = try fixture.due(now: "9999-12-31T23:59:59")
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.fired.map { $0["id"] as? String } == ["nightly"])
        #expect(last.stderr == "missed 00:15 Early\nmissed 09:00 Friday\n")
        try Self.expectIntact(fixture, "9999-12-31")
        let summary = try fixture.statuses(date: "9999-12-31", now: "9999-12-31T23:59:59")
        #expect(summary == ["early": "missed", "friday": "missed", "nightly": "fired"])
    }

    @Test("due on the first day fires from its midnight on")
    func dueAtTheStart() throws {
        let fixture = try Self.fixture()
        let run = try fixture.due(now: "1970-01-01T00:30", ["--grace", "2h"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.fired.map { $0["id"] as? String } == ["early"])
        #expect(run.fired.first?["scheduledAt"] as? String == "1970-01-01T00:15:00-05:00")
        let dryRun = try fixture.traqt(["due", "--dry-run", "--now", "1970-01-01T00:00"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        try Self.expectIntact(fixture, "1970-01-01")
    }

    @Test("the first day in a zone east of UTC, where it starts before the epoch")
    func eastOfUTC() throws {
        let fixture = try Self.fixture()
        let tokyo = ["TZ": "Asia/Tokyo"]
        let run = try InProcessTraqt.run(["due", "--json", "--now", "1970-01-01T00:20"], database: fixture.database,
                                       environment: tokyo)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try jsonLines(run.stdout).map { $0["scheduledAt"] as? String } == ["1970-01-01T00:15:00+09:00"])
        let summary = try InProcessTraqt.run(["summary", "--week", "--date", "1970-01-01", "--now", "1970-01-01T00:20"],
                                           database: fixture.database, environment: tokyo)
        #expect(summary.status == 0, "\(summary.stderr)")
        try Self.expectIntact(fixture, "Tokyo")
    }

    @Test("summary of the last day, and of the last week cut at 9999-12-31")
    func summaryAtTheEnd() throws {
        let fixture = try Self.fixture()
        let day = try fixture.traqt(["summary", "--date", "9999-12-31", "--now", "2026-11-30T08:00"])
        #expect(day.status == 0, "\(day.stderr)")
        #expect(day.stdout.hasPrefix("Friday 9999-12-31\n"))
        #expect(day.stdout.contains("09:00  Friday   upcoming"))

        let week = try fixture.traqt(["summary", "--week", "--date", "9999-12-27", "--now", "2026-11-30T08:00"])
        #expect(week.status == 0, "\(week.stderr)")
        #expect(week.stdout.hasPrefix("Week of Monday 9999-12-27\n"))
        #expect(week.stdout.contains("FRI 12-31"))
        #expect(!week.stdout.contains("SAT"))

        let json = try fixture.traqt(["summary", "--week", "--json", "--date", "9999-12-31", "--now", "9999-12-31T12:00"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"])

        let markdown = try fixture.traqt(["summary", "--week", "--markdown", "--date", "9999-12-31"])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        try Self.expectIntact(fixture, "summary")
    }

    @Test("summary of the first week starts on 1970-01-01, a Thursday")
    func summaryAtTheStart() throws {
        let fixture = try Self.fixture()
        let json = try fixture.traqt(["summary", "--week", "--json", "--date", "1970-01-01", "--now", "1970-01-01T00:00"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["1970-01-01", "1970-01-02", "1970-01-03", "1970-01-04"])
        let text = try fixture.traqt(["summary", "--week", "--date", "1970-01-01", "--now", "1970-01-01T00:00"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("THU 01-01"))
    }

    @Test("today, live and time spent on the last day")
    func otherReadersAtTheEnd() throws {
        let fixture = try Self.fixture()
        let today = try fixture.traqt(["today", "--now", "9999-12-31T23:00"])
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout == "23:30  Nightly\n")
        let start = try fixture.traqt(["live", "start", "nightly", "--now", "9999-12-31T23:00"])
        #expect(start.status == 0, "\(start.stderr)")
        let list = try fixture.traqt(["live", "list", "--now", "9999-12-31T23:59"])
        #expect(list.status == 0, "\(list.stderr)")
        let spent = try fixture.traqt(["summary", "--json", "--date", "9999-12-31", "--now", "9999-12-31T23:59"])
        #expect(spent.status == 0, "\(spent.stderr)")
        #expect(spent.stdout.contains(#""spentSeconds":3540"#))
        try Self.expectIntact(fixture, "live")
    }
}
