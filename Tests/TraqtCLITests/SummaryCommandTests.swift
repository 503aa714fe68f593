import Foundation
import Testing

@Suite("traqt summary: a day's or a week's reminders and what became of them")
struct SummaryCommandTests {
    static let now = ["--now", "2026-11-30T10:30"]

    /// Monday 2026-11-30 at 10:30 in New York: the walk fired a minute late, the
    /// standup was missed (75 minutes late, beyond the hour of grace), lunch and
    /// the gym are still to come.
    static func mondayMorning() throws -> ReminderFixture {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Standup", id: "standup", days: "weekdays", at: "09:15")
        try fixture.add("Gym", id: "gym", days: "mon,wed,fri", at: "18:00")
        try fixture.add("Lunch | break", id: "lunch", at: "12:00")
        for now in ["2026-11-30T06:00", "2026-11-30T07:31", "2026-11-30T10:30"] {
            #expect(try fixture.traqt(["due", "--quiet", "--now", now]).status == 0)
        }
        return fixture
    }

    @Test("today as text: every activity of the day in time order with its status")
    func todayText() throws {
        let result = try Self.mondayMorning().traqt(["summary"] + Self.now)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Monday 2026-11-30
            07:30  Walk dog       fired at 07:31 (1m late)
            09:15  Standup        missed
            12:00  Lunch | break  pending
            18:00  Gym            pending

            """)
    }

    @Test("tomorrow: the day's activities are upcoming")
    func tomorrowText() throws {
        let fixture = try Self.mondayMorning()
        let expected = """
            Tuesday 2026-12-01
            07:30  Walk dog       upcoming
            09:15  Standup        upcoming
            12:00  Lunch | break  upcoming

            """
        #expect(try fixture.traqt(["summary", "--date", "tomorrow"] + Self.now).stdout == expected)
        #expect(try fixture.traqt(["summary", "--date", "2026-12-01"] + Self.now).stdout == expected)
        #expect(try fixture.traqt(["summary", "--date", "tue"] + Self.now).stdout == expected)
    }

    @Test("days before due first ran are past: nothing is known about them")
    func pastDays() throws {
        let result = try Self.mondayMorning().traqt(["summary", "--date", "yesterday"] + Self.now)
        #expect(result.stdout == """
            Sunday 2026-11-29
            07:30  Walk dog       past
            12:00  Lunch | break  past

            """)
    }

    @Test("today as Markdown: a table with names escaped")
    func todayMarkdown() throws {
        let result = try Self.mondayMorning().traqt(["summary", "--markdown"] + Self.now)
        #expect(result.status == 0)
        #expect(result.stdout == """
            ## Monday 2026-11-30

            | Time | Activity | Status |
            | --- | --- | --- |
            | 07:30 | Walk dog | fired at 07:31 (1m late) |
            | 09:15 | Standup | missed |
            | 12:00 | Lunch \\| break | pending |
            | 18:00 | Gym | pending |

            """)
    }

    @Test("today and tomorrow as JSON: one document with statuses, fired time and lateness")
    func dayJSON() throws {
        let fixture = try Self.mondayMorning()
        let result = try fixture.traqt(["summary", "--json"] + Self.now)
        #expect(result.status == 0)
        let day = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(day["date"] as? String == "2026-11-30")
        #expect(day["weekday"] as? String == "mon")
        let activities = try #require(day["activities"] as? [[String: Any]])
        #expect(activities.map { $0["id"] as! String } == ["walk-dog", "standup", "lunch", "gym"])
        #expect(activities.map { $0["status"] as! String } == ["fired", "missed", "pending", "pending"])
        #expect(activities[0]["firedAt"] as? String == "2026-11-30T07:31:00-05:00")
        #expect(activities[0]["lateSeconds"] as? Int == 60)
        #expect(activities[0]["scheduledAt"] as? String == "2026-11-30T07:30:00-05:00")
        #expect(activities[1]["firedAt"] == nil)

        #expect(try fixture.statuses(date: "tomorrow", now: "2026-11-30T10:30")
                == ["walk-dog": "upcoming", "standup": "upcoming", "lunch": "upcoming"])
    }

    @Test("a week as a planner grid: times down, days across, Monday first")
    func weekText() throws {
        // Any day of the week shows the same week.
        let fixture = try Self.mondayMorning()
        let result = try fixture.traqt(["summary", "--week", "--date", "thu"] + Self.now)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Week of Monday 2026-11-30
            TIME   MON 11-30        TUE 12-01        WED 12-02        THU 12-03        FRI 12-04        SAT 12-05        SUN 12-06
            07:30  ✓ Walk dog       · Walk dog       · Walk dog       · Walk dog       · Walk dog       · Walk dog       · Walk dog
            09:15  ! Standup        · Standup        · Standup        · Standup        · Standup
            12:00  • Lunch | break  · Lunch | break  · Lunch | break  · Lunch | break  · Lunch | break  · Lunch | break  · Lunch | break
            18:00  • Gym                             · Gym                             · Gym
            ✓ fired  ✗ failed  ! missed  ✔ done  » skipped  • pending  · upcoming  - past

            """)
        #expect(try fixture.traqt(["summary", "--week"] + Self.now).stdout == result.stdout)
    }

    @Test("a week as Markdown and as JSON")
    func weekMarkdownAndJSON() throws {
        let fixture = try Self.mondayMorning()
        let markdown = try fixture.traqt(["summary", "--week", "--markdown"] + Self.now)
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("""
            ## Week of Monday 2026-11-30

            | Time | Mon 11-30 | Tue 12-01 | Wed 12-02 | Thu 12-03 | Fri 12-04 | Sat 12-05 | Sun 12-06 |
            | --- | --- | --- | --- | --- | --- | --- | --- |
            | 07:30 | ✓ Walk dog | · Walk dog | · Walk dog | · Walk dog | · Walk dog | · Walk dog | · Walk dog |
            | 09:15 | ! Standup | · Standup | · Standup | · Standup | · Standup |  |  |
            | 12:00 | • Lunch \\| break |
            """))
        #expect(markdown.stdout.contains("| 18:00 | • Gym |  | · Gym |  | · Gym |  |  |\n"))

        let json = try fixture.traqt(["summary", "--week", "--json"] + Self.now)
        let week = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(week["weekOf"] as? String == "2026-11-30")
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.map { $0["weekday"] as! String } == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(days.map { ($0["activities"] as! [Any]).count } == [4, 3, 4, 3, 4, 2, 2])
    }

    @Test("several activities at one time take several rows of the grid; long names are cut")
    func sharedTimes() throws {
        let fixture = try ReminderFixture()
        try fixture.add("Pills", id: "pills", at: "08:00")
        try fixture.add("Water plants", id: "water", days: "sat", at: "08:00")
        try fixture.add("Call the insurance company back", id: "call", days: "sun", at: "09:00")
        let result = try fixture.traqt(["summary", "--week", "--now", "2026-11-30T07:00"])
        let lines = result.stdoutLines
        #expect(lines.count == 6)
        #expect(lines[4].hasSuffix("· Call the insu…"))
        // Before any due run, everything still to come is pending or upcoming.
        #expect(lines[2].hasPrefix("08:00  • Pills    · Pills"))
        #expect(lines[3].hasPrefix("       "))
        #expect(lines[3].hasSuffix("· Water plants"))
    }

    @Test("no activities: a short note, or nothing at all with --quiet; --json always prints a document")
    func emptyDay() throws {
        let fixture = try ReminderFixture()
        try fixture.add("Gym", id: "gym", days: "mon", at: "18:00")
        let now = ["--now", "2026-12-01T10:00"]
        #expect(try fixture.traqt(["summary"] + now).stdout == "No activities on Tuesday 2026-12-01.\n")
        for format in [[], ["--markdown"]] {
            let quiet = try fixture.traqt(["summary", "--quiet"] + format + now)
            #expect(quiet.status == 0)
            #expect(quiet.stdout.isEmpty)
        }
        // --quiet silences the forms for people, never the JSON a script parses.
        let json = try fixture.traqt(["summary", "--quiet", "--json"] + now)
        #expect(json.status == 0)
        #expect(json.stdout == #"{"date":"2026-12-01","weekday":"tue","activities":[],"timeSpent":[]}"# + "\n")
        let empty = fixture.directory.file("missing.sqlite")
        for format in [[], ["--markdown"]] {
            #expect(try InProcessTraqt.run(["summary", "--quiet", "--week"] + format + now, database: empty).stdout.isEmpty)
        }
        let week = try InProcessTraqt.run(["summary", "--quiet", "--json", "--week"] + now, database: empty)
        #expect(week.stdout.hasPrefix(#"{"weekOf":"2026-11-30","days":[{"date":"2026-11-30","weekday":"mon","activities":[],"timeSpent":[]}"#))
        #expect(try fixture.traqt(["summary", "--quiet", "--week"] + now).stdout.contains("Gym"))
        #expect(try fixture.traqt(["summary", "--quiet", "--date", "mon"] + now).stdout.contains("Gym"))
    }

    @Test("summary only reads: a missing database is not created, an existing one is not changed")
    func readOnly() throws {
        let fixture = try ReminderFixture()
        let missing = try fixture.traqt(["summary", "--week"])
        #expect(missing.status == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.database))

        let populated = try Self.mondayMorning()
        let before = try Data(contentsOf: URL(fileURLWithPath: populated.database))
        let modified = try FileManager.default.attributesOfItem(atPath: populated.database)[.modificationDate] as? Date
        for arguments in [["summary"], ["summary", "--week", "--json"], ["summary", "--date", "yesterday"]] {
            #expect(try populated.traqt(arguments + ["--now", "2027-06-01T12:00"]).status == 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: populated.database)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: populated.database)[.modificationDate] as? Date == modified)
    }

    @Test("an occurrence due but not yet seen by a due run is pending, not missed")
    func notYetSeen() throws {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:00"]).status == 0)
        #expect(try fixture.statuses(date: "today", now: "2026-11-30T07:30:30") == ["walk-dog": "pending"])
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T09:00"]).status == 0)
        #expect(try fixture.statuses(date: "today", now: "2026-11-30T09:00") == ["walk-dog": "missed"])
    }

    @Test("bad options are usage errors", arguments: [
        ["--json", "--markdown"], ["--date", "someday"], ["--date", "2026-02-30"], ["--now", "noon"],
    ])
    func usageErrors(arguments: [String]) throws {
        let result = try InProcessTraqt.run(["summary"] + arguments, database: "/nonexistent/traqt.sqlite")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "))
    }

    @Test("summary --help documents the options and exits 0")
    func help() throws {
        let result = try InProcessTraqt.run(["summary", "--help"], database: nil)
        #expect(result.status == 0)
        for option in ["--date", "--now", "--week", "--json", "--markdown", "--quiet"] {
            #expect(result.stdout.contains(option))
        }
    }
}
