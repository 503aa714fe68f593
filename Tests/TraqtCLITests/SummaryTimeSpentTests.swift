import Foundation
import Testing

/// `summary` shows the time spent on each activity, from the live activities
/// that ran on it: by day, across midnight, after the activity is gone.
@Suite("summary: time spent")
struct SummaryTimeSpentTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        for (name, days, at) in [("Walk dog", "mon", "7"), ("Read", "daily", "21")] {
            #expect(try traqt("add", name, "--days", days, "--at", at).status == 0)
        }
        // Walk dog: 23:00 Monday to 00:30 Tuesday. Read: from 10:00 Tuesday, still running.
        #expect(try traqt("live", "start", "walk-dog", "--now", "2026-11-30T23:00").status == 0)
        #expect(try traqt("live", "end", "walk-dog", "--now", "2026-12-01T00:30").status == 0)
        #expect(try traqt("live", "start", "read", "--now", "2026-12-01T10:00").status == 0)
    }

    @discardableResult
    private func traqt(_ arguments: String...) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database)
    }

    private func json(_ arguments: String...) throws -> [String: Any] {
        let result = try InProcessTraqt.run(arguments, database: database)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func spent(_ object: [String: Any]) -> [String: Int] {
        var seconds: [String: Int] = [:]
        for entry in object["timeSpent"] as? [[String: Any]] ?? [] {
            seconds[entry["name"] as! String] = entry["spentSeconds"] as? Int
        }
        return seconds
    }

    @Test("a session across midnight counts on each day for its part; one still running up to now")
    func perDay() throws {
        let monday = try json("summary", "--json", "--date", "2026-11-30", "--now", "2026-12-01T11:00")
        #expect(spent(monday) == ["Walk dog": 3600])
        let tuesday = try json("summary", "--json", "--date", "2026-12-01", "--now", "2026-12-01T11:00")
        #expect(spent(tuesday) == ["Walk dog": 1800, "Read": 3600])
    }

    @Test("the week shows each day's and the week's totals")
    func week() throws {
        let week = try json("summary", "--week", "--json", "--now", "2026-12-01T11:00")
        #expect(spent(week) == ["Walk dog": 5400, "Read": 3600])
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.map { spent($0).values.reduce(0, +) } == [3600, 5400, 0, 0, 0, 0, 0])
        let text = try traqt("summary", "--week", "--now", "2026-12-01T11:00").stdout
        #expect(text.hasSuffix("\nTime spent this week\n  Read      1h\n  Walk dog  1h 30m\n"))
        let markdown = try traqt("summary", "--week", "--markdown", "--now", "2026-12-01T11:00").stdout
        #expect(markdown.hasSuffix("### Time spent this week\n\n| Activity | Time spent |\n| --- | --- |\n| Read | 1h |\n| Walk dog | 1h 30m |\n"))
    }

    @Test("a removed activity keeps its time, under the name it had")
    func removedActivity() throws {
        #expect(try traqt("live", "end", "read", "--now", "2026-12-01T10:45").status == 0)
        #expect(try traqt("remove", "read").status == 0)
        let text = try traqt("summary", "--date", "2026-12-01", "--now", "2026-12-02T09:00").stdout
        #expect(text == "No activities on Tuesday 2026-12-01.\n\nTime spent\n  Read      45m\n  Walk dog  30m\n")
        // --quiet is quiet only when there is nothing at all to show.
        #expect(try traqt("summary", "--quiet", "--date", "2026-12-01", "--now", "2026-12-02T09:00").stdout == text)
        #expect(try traqt("summary", "--quiet", "--date", "2026-12-03", "--now", "2026-12-02T09:00").stdout == "")
    }
}
