import Foundation
import Testing

@Suite("traqt edit: change only what is given; a rename takes the activity's history along")
struct EditCommandTests {
    /// The JSON object of one activity in `list --json`.
    static func listed(_ fixture: ReminderFixture, _ id: String) throws -> [String: Any]? {
        let list = try fixture.traqt(["list", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        return objects.first { $0["id"] as? String == id }
    }

    @Test("each option changes its field and leaves the others as they were", arguments: Backend.all)
    func onlyWhatIsGiven(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", days: "mon,wed,fri", at: "07:30")
        let created = try #require(try Self.listed(fixture, "walk-dog")?["createdAt"] as? String)

        let time = try fixture.traqt(["edit", "walk-dog", "--at", "8:15"])
        #expect(time.status == 0, "\(time.stderr)")
        #expect(time.stdout == "edited walk-dog\n")
        #expect(try fixture.traqt(["list"]).stdout == """
            TIME   DAYS         ID        NAME
            08:15  mon,wed,fri  walk-dog  Walk dog

            """)

        #expect(try fixture.traqt(["edit", "walk-dog", "--name", "Walk the dog"]).stdout == "edited walk-dog\n")
        #expect(try fixture.traqt(["edit", "walk-dog", "--days", "weekend"]).stdout == "edited walk-dog\n")
        #expect(try fixture.traqt(["list"]).stdout == """
            TIME   DAYS      ID        NAME
            08:15  weekends  walk-dog  Walk the dog

            """)
        #expect(try fixture.traqt(["edit", "walk-dog", "--name", "Dog", "--days", "daily", "--at", "noon"]).status == 0)
        let activity = try #require(try Self.listed(fixture, "walk-dog"))
        #expect(activity["name"] as? String == "Dog")
        #expect(activity["daysOfWeek"] as? Int == 127)
        #expect(activity["time"] as? String == "12:00")
        // Still the same record: created when it was added.
        #expect(activity["createdAt"] as? String == created)
    }

    @Test("nothing to change is a usage error (64); an unknown id or a new id in use is 65; nothing changes",
          arguments: Backend.all)
    func refusals(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Gym", id: "gym", days: "mon,wed,fri", at: "18:00")
        let before = try fixture.traqt(["export"]).stdout

        let nothing = try fixture.traqt(["edit", "walk-dog"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("Error: nothing to change: give --name, --days, --at or --new-id\nUsage: traqt edit"))

        let unknown = try fixture.traqt(["edit", "walk-cat", "--at", "9:00"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "Error: no activity with id 'walk-cat'; nothing was changed\n")

        let taken = try fixture.traqt(["edit", "walk-dog", "--new-id", "gym", "--at", "9:00"])
        #expect(taken.status == 65)
        #expect(taken.stderr == "Error: the id 'gym' already belongs to the activity 'Gym'; nothing was changed\n")

        for bad in [["--at", "25:00"], ["--days", "someday"], ["--name", " "], ["--new-id", ""]] {
            let result = try fixture.traqt(["edit", "walk-dog"] + bad)
            #expect(result.status == 64, "\(bad)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try fixture.traqt(["export"]).stdout == before)
    }

    @Test("a rename keeps the reminder records, marked days, time spent and live activities with the activity",
          arguments: Backend.all)
    func renameKeepsHistory(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Standup", id: "standup", days: "weekdays", at: "09:15")
        // Monday 2026-11-30 in New York: the walk fires at 07:31.
        #expect(try fixture.due(now: "2026-11-30T06:00").status == 0)
        #expect(try fixture.due(now: "2026-11-30T07:31").fired.map { $0["id"] as? String } == ["walk-dog"])
        // Half an hour spent on it, and a stopwatch running on it since 07:35.
        for step in [["live", "start", "walk-dog", "--now", "2026-11-30T07:00"],
                     ["live", "end", "walk-dog", "--now", "2026-11-30T07:30"],
                     ["live", "start", "walk-dog", "--id", "evening", "--now", "2026-11-30T07:35"],
                     ["skip", "walk-dog", "--from", "2026-12-01", "--to", "2026-12-02", "--now", "2026-11-30T07:35"]] {
            let result = try fixture.traqt(step)
            #expect(result.status == 0, "\(step): \(result.stderr)")
        }

        let renamed = try fixture.traqt(["edit", "walk-dog", "--new-id", "dog", "--name", "Walk the dog"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout == "renamed walk-dog to dog\n")

        // The fired record came along: the walk is not fired again within its grace.
        let again = try fixture.due(now: "2026-11-30T07:40")
        #expect(again.status == 0)
        #expect(again.fired.isEmpty)
        let summary = try fixture.traqt(["summary", "--json", "--date", "2026-11-30", "--now", "2026-11-30T08:35"])
        let day = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        let activities = try #require(day["activities"] as? [[String: Any]])
        #expect(activities.map { $0["id"] as? String } == ["dog", "standup"])
        #expect(activities.first?["status"] as? String == "fired")
        #expect(activities.first?["firedAt"] as? String == "2026-11-30T07:31:00-05:00")
        // 30 minutes ended, one hour running: under the new id.
        let spent = try #require(day["timeSpent"] as? [[String: Any]])
        #expect(spent.map { $0["id"] as? String } == ["dog"])
        #expect(spent.first?["spentSeconds"] as? Int == 5400)
        // The skipped days too.
        #expect(try fixture.statuses(date: "2026-12-01", now: "2026-11-30T08:35") == ["dog": "skipped", "standup": "upcoming"])
        // The running stopwatch is on the renamed activity, and keeps its own id.
        let live = try fixture.traqt(["live", "list", "--json", "--now", "2026-11-30T08:35"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(live.stdout.utf8)) as? [[String: Any]])
        let evening = try #require(objects.first { $0["id"] as? String == "evening" })
        #expect(evening["activityId"] as? String == "dog")
        #expect(evening["name"] as? String == "Walk the dog")
        #expect(try fixture.traqt(["live", "end", "evening", "--now", "2026-11-30T08:40"]).status == 0)
        #expect(try fixture.traqt(["edit", "walk-dog", "--at", "9:00"]).status == 65)
    }

    @Test("records left under the new id by a removed activity give way to the renamed activity's own",
          arguments: Backend.all)
    func leftoversGiveWay(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Old", id: "old", at: "07:30")
        try fixture.add("Tea", id: "tea", at: "16:00")
        #expect(try fixture.due(now: "2026-11-30T06:00").status == 0)
        #expect(try fixture.due(now: "2026-11-30T07:30").fired.count == 1)
        #expect(try fixture.traqt(["remove", "old"]).status == 0)
        // Tea takes the id "old": its 16:00 is not the removed activity's fired 07:30.
        #expect(try fixture.traqt(["edit", "tea", "--new-id", "old"]).stdout == "renamed tea to old\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T15:00") == ["old": "pending"])
        #expect(try fixture.due(now: "2026-11-30T16:00").fired.map { $0["id"] as? String } == ["old"])
    }
}
