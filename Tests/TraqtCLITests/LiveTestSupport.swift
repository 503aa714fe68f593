import Foundation
import Testing

/// A fresh database with one activity (`walk-dog`, "Walk dog"), and `traqt` run
/// on it in UTC.
struct LiveFixture {
    let directory: TemporaryDirectory
    /// A SQLite file by default; any engine the build has for the tests that
    /// only talk to the database through traqt.
    let store: TestDatabase
    var database: String { store.location }

    init(activity: Bool = true, backend: Backend = .sqlite) throws {
        directory = try TemporaryDirectory()
        store = try TestDatabase(backend, file: "traqt.sqlite")
        if activity {
            let added = try InProcessTraqt.run(["add", "Walk dog", "--days", "daily", "--at", "07:30"], database: database)
            #expect(added.status == 0)
        }
    }

    @discardableResult
    func traqt(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database, stdin: stdin, environment: environment)
    }

    /// Runs a command that must succeed and returns its standard output.
    @discardableResult
    func succeed(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try traqt(arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `live list --json` at `now`: one dictionary per live activity.
    func list(now: String, all: Bool = false) throws -> [[String: Any]] {
        let output = try succeed(["live", "list", "--json", "--now", now] + (all ? ["--all"] : []))
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    /// The status of each live activity listed at `now`, by id.
    func statuses(now: String, all: Bool = false) throws -> [String: String] {
        var statuses: [String: String] = [:]
        for activity in try list(now: now, all: all) { statuses[activity["id"] as! String] = (activity["status"] as! String) }
        return statuses
    }

    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: database)) }
}
