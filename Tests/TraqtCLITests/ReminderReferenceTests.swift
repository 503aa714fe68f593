import Foundation
import Testing

/// `due` and `summary` through the binary against `ReminderModel`, over runs
/// that cross both of New York's daylight-saving nights, midnights, a pause of
/// days and one of months, and graces from 30 minutes to a day.
@Suite("due and summary match a plain model of the rules")
struct ReminderReferenceTests {
    static let activities: [ReminderModel.Activity] = [
        .init(id: "midnight", name: "Midnight", mask: 127, minutes: 0),
        .init(id: "half-past-twelve", name: "Half past twelve", mask: 127, minutes: 30),
        .init(id: "one", name: "One", mask: 65, minutes: 60),
        .init(id: "repeat-b", name: "Repeat", mask: 127, minutes: 90),
        .init(id: "repeat-a", name: "Repeat", mask: 127, minutes: 90),
        .init(id: "zoe", name: "Zoë's \"tea\" \\ 🍵", mask: 127, minutes: 90),
        .init(id: "edge", name: "Edge", mask: 127, minutes: 119),
        .init(id: "gap-start", name: "Gap start", mask: 127, minutes: 120),
        .init(id: "in-the-gap", name: "In the gap", mask: 1, minutes: 150),
        .init(id: "gap-end", name: "Gap end", mask: 127, minutes: 179),
        .init(id: "three", name: "Three", mask: 127, minutes: 180),
        .init(id: "walk-dog", name: "Walk dog", mask: 62, minutes: 450),
        .init(id: "weekend", name: "Weekend", mask: 65, minutes: 600),
        .init(id: "lunch", name: "Lunch | break", mask: 42, minutes: 720),
        .init(id: "late", name: "Late", mask: 127, minutes: 1410),
        .init(id: "last-minute", name: "Last minute", mask: 127, minutes: 1439),
    ]

    /// A database holding `activities`, and the model of it.
    static func fixture() throws -> (ReminderFixture, ReminderModel) {
        let fixture = try ReminderFixture()
        let records = activities.map { activity in
            ["id": activity.id, "name": activity.name, "daysOfWeek": activity.mask, "timeOfDay": activity.minutes] as [String: Any]
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: records), as: UTF8.self)
        let imported = try fixture.traqt(["import", "-"], stdin: json)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (fixture, ReminderModel(zone: "America/New_York", activities: activities))
    }

    /// Runs `due --json` at each (now, grace), first with `--dry-run`, and checks
    /// what fired and what was missed against the model; the dry run changes
    /// no byte of the database.
    static func runDue(_ runs: [(now: String, grace: Int)], _ fixture: ReminderFixture,
                       _ model: inout ReminderModel) throws {
        for run in runs {
            let now = ReminderModel.instant(run.now)
            let arguments = ["due", "--json", "--now", run.now, "--grace", "\(run.grace)s"]
            let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
            let dryRun = try fixture.traqt(arguments + ["--dry-run"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before, "dry run at \(run.now)")
            let result = try fixture.traqt(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let expected = model.due(now: now, grace: run.grace)
            let fired = expected.fired.map { model.dueJSON($0, firedAt: now) + "\n" }.joined()
            #expect(result.stdout == fired, "due at \(run.now)")
            #expect(dryRun.stdout == fired, "dry run at \(run.now)")
            #expect(dryRun.stderr == expected.missed.map { model.missedLine($0) + "\n" }.joined(), "dry run at \(run.now)")
        }
    }

    /// `summary --json` of each date, and `--week --json` of the weeks holding them, at `now`.
    static func checkSummaries(dates: [String], now: String, _ fixture: ReminderFixture, _ model: ReminderModel) throws {
        let instant = ReminderModel.instant(now)
        for date in dates {
            let day = try fixture.traqt(["summary", "--json", "--date", date, "--now", now])
            #expect(day.stdout == model.summaryJSON(day: ReminderModel.day(date), now: instant) + "\n", "summary of \(date)")
            let week = try fixture.traqt(["summary", "--week", "--json", "--date", date, "--now", now])
            #expect(week.stdout == model.weekJSON(day: ReminderModel.day(date), now: instant) + "\n", "week of \(date)")
        }
    }

    @Test("spring forward: first run, midnight, the gap, a pause of two days with a day of grace")
    func springForward() throws {
        var (fixture, model) = try Self.fixture()
        let hour = 3600
        try Self.runDue([
            ("2026-03-07T22:00-05:00", 3 * hour), ("2026-03-07T23:59:30-05:00", hour),
            ("2026-03-08T00:30-05:00", hour), ("2026-03-08T01:59-05:00", hour),
            ("2026-03-08T03:00-04:00", hour), ("2026-03-08T03:00:30-04:00", hour),
        ], fixture, &model)
        try Self.checkSummaries(dates: ["2026-03-07", "2026-03-08", "2026-03-09"], now: "2026-03-08T03:00:30-04:00",
                                fixture, model)
        try Self.runDue([("2026-03-08T06:00-04:00", hour), ("2026-03-10T12:00-04:00", 24 * hour)], fixture, &model)
        try Self.checkSummaries(dates: ["2026-03-06", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-16"],
                                now: "2026-03-10T12:00-04:00", fixture, model)
    }

    @Test("fall back: a pause of months, the repeated hour from both sides, grace across midnight")
    func fallBack() throws {
        var (fixture, model) = try Self.fixture()
        let hour = 3600
        try Self.runDue([
            ("2026-03-08T06:00-04:00", hour), ("2026-10-31T22:00-04:00", hour),
            ("2026-11-01T00:30-04:00", hour), ("2026-11-01T01:30-04:00", hour),
            ("2026-11-01T01:30-05:00", hour), ("2026-11-01T02:00-05:00", hour),
            ("2026-11-01T04:00-05:00", hour / 2), ("2026-11-02T00:10-05:00", 2 * hour),
        ], fixture, &model)
        try Self.checkSummaries(dates: ["2026-03-08", "2026-08-01", "2026-08-04", "2026-10-31", "2026-11-01",
                                        "2026-11-02", "2026-11-03"],
                                now: "2026-11-02T00:10-05:00", fixture, model)
        try Self.checkSummaries(dates: ["2026-11-01"], now: "2026-11-01T01:45-05:00", fixture, model)
    }

    @Test("before any due run: everything is past, pending or upcoming")
    func noRunYet() throws {
        let (fixture, model) = try Self.fixture()
        try Self.checkSummaries(dates: ["2026-11-01", "2026-11-02"], now: "2026-11-01T01:30-05:00", fixture, model)
    }
}
