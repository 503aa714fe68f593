import Foundation
import Testing

/// `traqt live status`: the compact view once, for each case and template.
@Suite("live status")
struct LiveStatusCommandTests {
    static let now = ["--now", "2026-11-30T10:05:07"]

    func status(_ fixture: LiveFixture, _ arguments: [String] = []) throws -> String {
        try fixture.succeed(["live", "status"] + arguments + Self.now)
    }

    @Test("nothing at all when nothing runs and nothing is pending; the database is never created")
    func nothing() throws {
        let fixture = try LiveFixture(activity: false)
        let result = try fixture.traqt(["live", "status"] + Self.now)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.database))
        // An activity whose time has passed is not pending.
        try fixture.succeed(["add", "Early", "--days", "daily", "--at", "07:00"])
        #expect(try status(fixture).isEmpty)
    }

    @Test("the next pending activity when nothing runs; an ended live activity does not count")
    func next() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["add", "Gym", "--days", "daily", "--at", "18:00"])
        try fixture.succeed(["add", "Lunch", "--days", "daily", "--at", "12:00"])
        #expect(try status(fixture) == "next 12:00 Lunch\n")
        try fixture.succeed(["live", "start", "--id", "done", "--now", "2026-11-30T09:00"])
        try fixture.succeed(["live", "end", "done", "--now", "2026-11-30T09:30"])
        #expect(try status(fixture) == "next 12:00 Lunch\n")
        #expect(try status(fixture, ["--next-format", "{time} {name} ({id}, {status}){more}|{elapsed}|{state.x}"])
            == "12:00 Lunch (lunch, pending) +1||\n")
        #expect(try status(fixture, ["--next-format", ""]).isEmpty)
    }

    @Test("the most relevant running live activity, with +N for the others; stale ones count")
    func running() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "walk-dog", "--now", "2026-11-30T10:00"])
        #expect(try status(fixture) == "⏱ 05:07 Walk dog\n")
        try fixture.succeed(["live", "start", "--id", "pizza", "--attributes", #"{"title":"Pizza"}"#,
                             "--relevance", "50", "--stale-at", "2026-11-30T10:05", "--now", "2026-11-30T09:00"])
        try fixture.succeed(["live", "start", "--id", "build", "--now", "2026-11-30T10:05"])
        #expect(try status(fixture) == "⏱ 01:05:07 Pizza +2\n")
        #expect(try status(fixture, ["--format", "{status}"]) == "stale\n")
        // Past its 8-hour limit it no longer runs.
        #expect(try fixture.succeed(["live", "status", "--now", "2026-11-30T17:00"]) == "⏱ 07:00:00 Walk dog +1\n")
    }

    @Test("every placeholder, escapes, state values of each kind, and unsafe characters replaced")
    func template() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "pizza", "--attributes", "{\"title\":\"Pizza\\u001b[31m\"}",
                             "--state", #"{"eta":"19:40","n":3,"pos":[1,2],"none":null,"ok":true}"#, "--now", "2026-11-30T10:00"])
        let template = "{{{name}}} {id} {status} {time} {elapsed}{more} eta={state.eta} n={state.n} pos={state.pos} none={state.none} ok={state.ok} x={state.x}"
        #expect(try status(fixture, ["--format", template])
            == "{Pizza\u{FFFD}[31m} pizza active 10:00 05:07 eta=19:40 n=3 pos=[1,2] none= ok=true x=\n")
    }

    @Test("an unknown placeholder, an unclosed brace or a lone closing brace is a usage error", arguments: [
        ("{nmae}", "unknown placeholder '{nmae}'"), ("{state.}", "unknown placeholder '{state.}'"),
        ("⏱ {elapsed", "unclosed '{'"), ("a } b", "a lone '}'"),
    ])
    func badTemplate(template: String, message: String) throws {
        let fixture = try LiveFixture()
        for option in ["--format", "--next-format"] {
            let result = try fixture.traqt(["live", "status", option, template])
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("Error: Invalid value for '\(option)': \(message)"), "\(result.stderr)")
        }
    }
}
