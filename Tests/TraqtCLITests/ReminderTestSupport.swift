import Foundation
import Testing

/// A fresh database in a fresh folder, and `traqt` run on it in New York time
/// (where 2026-03-08 springs forward and 2026-11-01 falls back).
struct ReminderFixture {
    static let newYork = ["TZ": "America/New_York"]

    let directory: TemporaryDirectory
    /// A SQLite file by default; any engine the build has for the tests that
    /// only talk to the database through traqt.
    let store: TestDatabase
    var database: String { store.location }

    init(_ backend: Backend = .sqlite) throws {
        directory = try TemporaryDirectory()
        store = try TestDatabase(backend, file: "traqt.sqlite")
    }

    @discardableResult
    func traqt(_ arguments: [String], stdin: String? = nil) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database, stdin: stdin, environment: Self.newYork)
    }

    /// Adds an activity and checks that it worked.
    func add(_ name: String, id: String, days: String = "daily", at time: String) throws {
        let result = try traqt(["add", name, "--id", id, "--days", days, "--at", time])
        #expect(result.status == 0, "add failed: \(result.stderr)")
    }

    /// `due --json` at `now`: its exit status and fired objects.
    func due(now: String, _ extra: [String] = []) throws -> (status: Int32, fired: [[String: Any]], stderr: String) {
        let result = try traqt(["due", "--json", "--now", now] + extra)
        return (result.status, try jsonLines(result.stdout), result.stderr)
    }

    /// `summary --json` of one date: status by activity id.
    func statuses(date: String, now: String) throws -> [String: String] {
        let result = try traqt(["summary", "--json", "--date", date, "--now", now])
        #expect(result.status == 0, "summary failed: \(result.stderr)")
        let day = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let activities = try #require(day["activities"] as? [[String: Any]])
        var statuses: [String: String] = [:]
        for activity in activities { statuses[activity["id"] as! String] = (activity["status"] as! String) }
        return statuses
    }
}

/// Each non-empty line of `text` as a JSON object.
func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
