import Foundation
import Testing

@Suite("traqt done, undone, skip and unskip: days marked by hand")
struct DayMarkCommandTests {
    /// Monday 2026-11-30 in New York, before anything is due: Walk dog daily at
    /// 07:30, Standup on weekdays at 09:15, Gym on Monday, Wednesday and Friday
    /// at 18:00; a `due` run at 06:00 has started the record.
    static func monday(_ backend: Backend) throws -> ReminderFixture {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Standup", id: "standup", days: "weekdays", at: "09:15")
        try fixture.add("Gym", id: "gym", days: "mon,wed,fri", at: "18:00")
        #expect(try fixture.due(now: "2026-11-30T06:00").status == 0)
        return fixture
    }

    /// Runs a command that must succeed and returns its standard output.
    @discardableResult
    static func succeed(_ fixture: ReminderFixture, _ arguments: [String], stdin: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try fixture.traqt(arguments, stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The summary's objects of one day.
    static func day(_ fixture: ReminderFixture, _ date: String, now: String) throws -> [[String: Any]] {
        let result = try fixture.traqt(["summary", "--json", "--date", date, "--now", now])
        let day = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(day["activities"] as? [[String: Any]])
    }

    /// What the database says, through every reader: the export, and the
    /// summaries of the week (statuses, marks) at `now`.
    static func state(_ fixture: ReminderFixture, now: String) throws -> String {
        try succeed(fixture, ["export"]) + succeed(fixture, ["summary", "--week", "--json", "--now", now])
    }

    @Test("done: today no longer lists it, due neither fires it nor records it missed, summary shows when it was done",
          arguments: Backend.all)
    func done(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        #expect(try Self.succeed(fixture, ["done", "walk-dog", "gym", "--now", "2026-11-30T07:00"])
                == "done walk-dog 2026-11-30\ndone gym 2026-11-30\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-11-30T07:00"]) == "09:15  Standup\n")
        let json = try Self.succeed(fixture, ["today", "--json", "--now", "2026-11-30T07:00"])
        #expect(json.contains(#""id":"standup""#) && !json.contains("walk-dog") && !json.contains("gym"))

        #expect(try fixture.due(now: "2026-11-30T07:30").fired.isEmpty)
        // 10:16: the walk is long past its grace, the standup just past its own.
        let later = try fixture.traqt(["due", "--now", "2026-11-30T10:16"])
        #expect(later.stdout == "Nothing due.\n")
        #expect(later.stderr == "missed 09:15 Standup\n")
        #expect(try fixture.due(now: "2026-11-30T18:00").fired.isEmpty)
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T23:00"]).stderr.isEmpty)

        let activities = try Self.day(fixture, "2026-11-30", now: "2026-11-30T23:00")
        #expect(activities.map { $0["status"] as? String } == ["done", "missed", "done"])
        #expect(activities[0]["doneAt"] as? String == "2026-11-30T07:00:00-05:00")
        #expect(activities[1]["doneAt"] == nil)
        #expect(try Self.succeed(fixture, ["summary", "--now", "2026-11-30T23:00"]) == """
            Monday 2026-11-30
            07:30  Walk dog  done at 07:00
            09:15  Standup   missed
            18:00  Gym       done at 07:00

            """)
        #expect(try Self.succeed(fixture, ["summary", "--markdown", "--now", "2026-11-30T23:00"])
            .contains("| 07:30 | Walk dog | done at 07:00 |\n"))
    }

    @Test("done on another day says when it was marked; a mark made on the day says only the time",
          arguments: Backend.all)
    func doneOnAnotherDay(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        #expect(try Self.succeed(fixture, ["done", "walk-dog", "--date", "tomorrow", "--now", "2026-11-30T07:00"])
                == "done walk-dog 2026-12-01\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-01T06:00"]) == "09:15  Standup\n")
        #expect(try Self.succeed(fixture, ["summary", "--date", "2026-12-01", "--now", "2026-11-30T07:00"]) == """
            Tuesday 2026-12-01
            07:30  Walk dog  done at 2026-11-30 07:00
            09:15  Standup   upcoming

            """)
        // Done again: nothing changes, and it says so.
        #expect(try Self.succeed(fixture, ["done", "walk-dog", "--date", "2026-12-01", "--now", "2026-11-30T09:00"])
                == "already done walk-dog 2026-12-01\n")
        #expect(try Self.day(fixture, "2026-12-01", now: "2026-11-30T09:00").first?["doneAt"] as? String
                == "2026-11-30T07:00:00-05:00")
    }

    @Test("undone takes it back: pending again, and fired by due", arguments: Backend.all)
    func undone(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        try Self.succeed(fixture, ["done", "walk-dog", "--now", "2026-11-30T07:00"])
        #expect(try Self.succeed(fixture, ["undone", "walk-dog", "--now", "2026-11-30T07:10"]) == "undone walk-dog 2026-11-30\n")
        #expect(try Self.succeed(fixture, ["undone", "walk-dog", "--now", "2026-11-30T07:10"]) == "not done walk-dog 2026-11-30\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-11-30T07:10"]) == """
            07:30  Walk dog
            09:15  Standup
            18:00  Gym

            """)
        #expect(try fixture.due(now: "2026-11-30T07:30").fired.map { $0["id"] as? String } == ["walk-dog"])
    }

    @Test("an unknown id (65) or a day not among the activity's days (65) marks nothing; a bad date is 64",
          arguments: Backend.all)
    func refusals(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        let before = try Self.state(fixture, now: "2026-11-30T07:00")

        let unknown = try fixture.traqt(["done", "walk-dog", "walk-cat", "--now", "2026-11-30T07:00"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "Error: no activity with id 'walk-cat'; nothing was marked\n")
        #expect(try fixture.traqt(["undone", "nope", "--now", "2026-11-30T07:00"]).status == 65)
        #expect(try fixture.traqt(["skip", "nope", "--from", "today", "--now", "2026-11-30T07:00"]).status == 65)
        #expect(try fixture.traqt(["unskip", "nope", "--from", "today", "--now", "2026-11-30T07:00"]).status == 65)

        let notScheduled = try fixture.traqt(["done", "walk-dog", "gym", "--date", "tue", "--now", "2026-11-30T07:00"])
        #expect(notScheduled.status == 65)
        #expect(notScheduled.stderr == "Error: 'gym' is not scheduled on 2026-12-01 (its days are mon,wed,fri); nothing was marked\n")
        let noneInRange = try fixture.traqt(["skip", "gym", "--from", "tue", "--to", "2026-12-01", "--now", "2026-11-30T07:00"])
        #expect(noneInRange.status == 65)
        #expect(noneInRange.stderr == "Error: 'gym' is not scheduled on 2026-12-01 (its days are mon,wed,fri); nothing was marked\n")
        let noneInLongerRange = try fixture.traqt(["skip", "gym", "--from", "2026-12-05", "--to", "2026-12-06", "--now", "2026-11-30T07:00"])
        #expect(noneInLongerRange.stderr == "Error: 'gym' is not scheduled from 2026-12-05 to 2026-12-06 (its days are mon,wed,fri); nothing was marked\n")

        for arguments in [["done", "walk-dog", "--date", "2026-13-01"], ["done"], ["done", "walk-dog", "--from", "today"],
                          ["skip", "gym"], ["skip", "--from", "today"], ["skip", "gym", "--all", "--from", "today"],
                          ["skip", "gym", "--from", "fri", "--to", "wed"],
                          ["skip", "--all", "--from", "2026-12-01", "--to", "2027-12-02"],
                          ["unskip", "--all"], ["undone", "--all"]] {
            let result = try fixture.traqt(arguments + ["--now", "2026-11-30T07:00"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Self.state(fixture, now: "2026-11-30T07:00") == before)
    }

    @Test("skip --all: a holiday; no occurrence those days is pending, fired or missed; all are skipped; unskip --all takes it back",
          arguments: Backend.all)
    func holiday(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        // Monday passes unmarked: all three missed.
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T23:00"]).status == 0)
        #expect(try Self.succeed(fixture, ["skip", "--all", "--from", "2026-12-01", "--to", "2026-12-02", "--now", "2026-11-30T23:00"])
                == "skipped every activity 2026-12-01 to 2026-12-02\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-01T07:00"]) == "No pending activities.\n")
        #expect(try Self.succeed(fixture, ["today", "--json", "--now", "2026-12-02T07:00"]) == "[]\n")
        for now in ["2026-12-01T07:30", "2026-12-01T12:00", "2026-12-02T09:15", "2026-12-02T23:00"] {
            let run = try fixture.due(now: now)
            #expect(run.fired.isEmpty, "\(now)")
            #expect(run.stderr.isEmpty, "\(now): \(run.stderr)")
        }
        // The holiday is over: Thursday's walk fires.
        #expect(try fixture.due(now: "2026-12-03T07:30").fired.map { $0["id"] as? String } == ["walk-dog"])

        #expect(try fixture.statuses(date: "2026-12-01", now: "2026-12-03T08:00") == ["walk-dog": "skipped", "standup": "skipped"])
        #expect(try Self.succeed(fixture, ["summary", "--week", "--now", "2026-12-03T08:00"]) == """
            Week of Monday 2026-11-30
            TIME   MON 11-30   TUE 12-01   WED 12-02   THU 12-03   FRI 12-04   SAT 12-05   SUN 12-06
            07:30  ! Walk dog  » Walk dog  » Walk dog  ✓ Walk dog  · Walk dog  · Walk dog  · Walk dog
            09:15  ! Standup   » Standup   » Standup   • Standup   · Standup
            18:00  ! Gym                   » Gym                   · Gym
            ✓ fired  ✗ failed  ! missed  ✔ done  » skipped  • pending  · upcoming  - past

            """)
        #expect(try Self.succeed(fixture, ["summary", "--week", "--markdown", "--now", "2026-12-03T08:00"])
            .contains("| 07:30 | ! Walk dog | » Walk dog | » Walk dog | ✓ Walk dog |"))

        // A holiday ahead, taken back.
        try Self.succeed(fixture, ["skip", "--all", "--from", "fri", "--now", "2026-12-03T08:00"])
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-04T07:00"]) == "No pending activities.\n")
        #expect(try Self.succeed(fixture, ["unskip", "--all", "--from", "2026-12-04", "--now", "2026-12-03T08:00"])
                == "unskipped every activity 2026-12-04\n")
        #expect(try Self.succeed(fixture, ["unskip", "--all", "--from", "2026-12-04", "--now", "2026-12-03T08:00"])
                == "not skipped every activity 2026-12-04\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-04T07:00"]) == """
            07:30  Walk dog
            09:15  Standup
            18:00  Gym

            """)
    }

    @Test("skip ID --from --to: that activity on those days; unskip takes back part of it; done days stay done",
          arguments: Backend.all)
    func skipRange(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        try Self.succeed(fixture, ["done", "gym", "--now", "2026-11-30T07:00"])
        #expect(try Self.succeed(fixture, ["skip", "gym", "walk-dog", "--from", "mon", "--to", "fri", "--now", "2026-11-30T07:00"])
                == "skipped gym 2026-11-30 to 2026-12-04\nskipped walk-dog 2026-11-30 to 2026-12-04\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-02T07:00"]) == "09:15  Standup\n")
        #expect(try Self.succeed(fixture, ["unskip", "gym", "--from", "wed", "--now", "2026-11-30T07:00"])
                == "unskipped gym 2026-12-02\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-02T07:00"]) == "09:15  Standup\n18:00  Gym\n")
        #expect(try Self.succeed(fixture, ["today", "--now", "2026-12-04T07:00"]) == "09:15  Standup\n")
        // Monday's gym was done before the skip and stays done.
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T07:00")
                == ["walk-dog": "skipped", "standup": "pending", "gym": "done"])
        // Skipping again changes nothing; undone leaves a skip alone.
        #expect(try Self.succeed(fixture, ["skip", "walk-dog", "--from", "2026-12-01", "--now", "2026-11-30T07:00"])
                == "already skipped walk-dog 2026-12-01\n")
        #expect(try Self.succeed(fixture, ["undone", "walk-dog", "--date", "2026-12-01", "--now", "2026-11-30T07:00"])
                == "not done walk-dog 2026-12-01\n")
        // done wins over a skip.
        try Self.succeed(fixture, ["done", "walk-dog", "--date", "2026-12-01", "--now", "2026-11-30T07:00"])
        #expect(try fixture.statuses(date: "2026-12-01", now: "2026-11-30T07:00") == ["walk-dog": "done", "standup": "upcoming"])
    }

    @Test("a day due has decided cannot be changed: marking a fired, failed or missed occurrence is 65, names it, and marks nothing",
          arguments: Backend.all)
    func decidedDays(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        #expect(try fixture.due(now: "2026-11-30T07:31").fired.count == 1)
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T10:16"]).status == 0)
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T18:00", "--exec", "/bin/false"]).status == 1)
        let before = try Self.state(fixture, now: "2026-11-30T18:30")

        let fired = try fixture.traqt(["done", "walk-dog", "--now", "2026-11-30T18:30"])
        #expect(fired.status == 65)
        #expect(fired.stderr == "Error: 'walk-dog' on 2026-11-30 was already decided by due (fired at 07:31) and cannot be changed; nothing was marked\n")
        let missed = try fixture.traqt(["skip", "standup", "--from", "today", "--now", "2026-11-30T18:30"])
        #expect(missed.status == 65)
        #expect(missed.stderr.contains("'standup' on 2026-11-30 was already decided by due (missed)"))
        let failed = try fixture.traqt(["done", "gym", "--now", "2026-11-30T18:30"])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("'gym' on 2026-11-30 was already decided by due (failed)"))
        let holiday = try fixture.traqt(["skip", "--all", "--from", "2026-11-29", "--to", "tomorrow", "--now", "2026-11-30T18:30"])
        #expect(holiday.status == 65)
        #expect(holiday.stderr == "Error: these were already decided by due and cannot be changed: 'walk-dog' on 2026-11-30 (fired at 07:31), 'standup' on 2026-11-30 (missed), 'gym' on 2026-11-30 (failed); nothing was marked\n")
        #expect(try Self.state(fixture, now: "2026-11-30T18:30") == before)

        // Tomorrow is not decided yet; undone and unskip never refuse.
        try Self.succeed(fixture, ["skip", "--all", "--from", "tomorrow", "--now", "2026-11-30T18:30"])
        try Self.succeed(fixture, ["unskip", "walk-dog", "--from", "today", "--now", "2026-11-30T18:30"])
        try Self.succeed(fixture, ["undone", "walk-dog", "--now", "2026-11-30T18:30"])
    }

    @Test("the calendar export lists done and skipped days as EXDATE", arguments: Backend.all)
    func calendarExclusions(backend: Backend) throws {
        // Created long before: the events start before the marked days whatever the clock says.
        let fixture = try ReminderFixture(backend)
        let records = [("walk-dog", "Walk dog", "daily", "07:30"), ("standup", "Standup", "weekdays", "09:15"),
                       ("gym", "Gym", "mon,wed,fri", "18:00")].map { record in
            #"{"id":"\#(record.0)","name":"\#(record.1)","days":"\#(record.2)","time":"\#(record.3)","createdAt":"2026-01-10T12:00:00Z"}"#
        }
        try Self.succeed(fixture, ["import", "-"], stdin: "[" + records.joined(separator: ",") + "]")
        try Self.succeed(fixture, ["done", "walk-dog", "--date", "2026-12-01", "--now", "2026-11-30T07:00"])
        try Self.succeed(fixture, ["skip", "gym", "--from", "2026-12-02", "--to", "2026-12-07", "--now", "2026-11-30T07:00"])
        try Self.succeed(fixture, ["skip", "--all", "--from", "2026-12-24", "--to", "2026-12-26", "--now", "2026-11-30T07:00"])
        let calendar = try Self.succeed(fixture, ["export", "--format", "ics"])
        var exdates: [String: String] = [:], uid = ""
        for line in try CalendarExportTests.lines(calendar) {
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
            if line.hasPrefix("EXDATE") { exdates[uid] = line }
        }
        #expect(exdates == [
            "walk-dog@traqt": "EXDATE;TZID=America/New_York:20261201T073000,20261224T073000,20261225T073000,20261226T073000",
            "standup@traqt": "EXDATE;TZID=America/New_York:20261224T091500,20261225T091500",
            "gym@traqt": "EXDATE;TZID=America/New_York:20261202T180000,20261204T180000,20261207T180000,20261225T180000",
        ])
    }

    @Test("watch and live status leave out what is marked", arguments: Backend.all)
    func glances(backend: Backend) throws {
        let fixture = try Self.monday(backend)
        let watch = try WatchProcess(["--json", "--now", "2026-11-30T07:00"], database: fixture.database,
                                     environment: ReminderFixture.newYork)
        let first = try #require(watch.waitForLines(1).first).object()
        #expect(WatchCommandTests.ids(first["pending"]) == ["walk-dog", "standup", "gym"])
        try Self.succeed(fixture, ["done", "walk-dog", "--now", "2026-11-30T07:00"])
        let lines = watch.waitForLines(2)
        try #require(lines.count >= 2, "no line after done")
        #expect(WatchCommandTests.ids(try lines[1].object()["pending"]) == ["standup", "gym"])
        #expect(try Self.succeed(fixture, ["live", "status", "--now", "2026-11-30T07:00"]) == "next 09:15 Standup\n")
        try Self.succeed(fixture, ["skip", "--all", "--from", "today", "--now", "2026-11-30T07:00"])
        #expect(try Self.succeed(fixture, ["live", "status", "--now", "2026-11-30T07:00"]).isEmpty)
    }
}
