import Foundation
import Testing
import TraqtCore
import TraqtMigrations

/// `traqt live start|update|end|list`, through the binary, with `--now` at
/// every boundary of the rules.
@Suite("live commands")
struct LiveCommandTests {
    @Test("a stopwatch session: start on an activity, list, update, end, dismissed 4 hours later")
    func stopwatch() throws {
        let fixture = try LiveFixture()
        #expect(try fixture.succeed(["live", "start", "walk-dog", "--now", "2026-11-30T10:00"]) == "started walk-dog\n")
        #expect(try fixture.succeed(["live", "list", "--now", "2026-11-30T10:05:07"]) == """
            ELAPSED  STATUS  TYPE       ID        NAME
            05:07    active  stopwatch  walk-dog  Walk dog

            """)
        #expect(try fixture.succeed(["live", "update", "walk-dog", "--set", "laps=2", "--set", "note=brisk",
                                     "--now", "2026-11-30T10:10"]) == "updated walk-dog\n")
        let listed = try #require(try fixture.list(now: "2026-11-30T10:59:59").first)
        #expect(listed["activityId"] as? String == "walk-dog")
        #expect(listed["name"] as? String == "Walk dog")
        #expect(listed["type"] as? String == "stopwatch")
        let state = try #require(listed["state"] as? [String: Any])
        #expect(state["laps"] as? Int == 2)
        #expect(state["note"] as? String == "brisk")
        #expect(listed["startedAt"] as? String == "2026-11-30T10:00:00+00:00")
        #expect(listed["updatedAt"] as? String == "2026-11-30T10:10:00+00:00")
        #expect(listed["endedAt"] is NSNull)
        #expect(listed["elapsedSeconds"] as? Int == 3599)
        #expect(listed["elapsed"] as? String == "59:59")
        #expect(try fixture.list(now: "2026-11-30T11:00")[0]["elapsed"] as? String == "01:00:00")

        #expect(try fixture.succeed(["live", "end", "walk-dog", "--now", "2026-11-30T11:02:03"])
            == "ended walk-dog (01:02:03)\n")
        #expect(try fixture.succeed(["live", "end", "walk-dog", "--now", "2026-11-30T11:30"])
            == "already ended walk-dog (01:02:03)\n")
        let ended = try fixture.list(now: "2026-11-30T15:02:02")
        #expect(ended[0]["status"] as? String == "ended")
        #expect(ended[0]["endedAt"] as? String == "2026-11-30T11:02:03+00:00")
        #expect(ended[0]["dismissAt"] as? String == "2026-11-30T15:02:03+00:00")
        #expect(try fixture.list(now: "2026-11-30T15:02:03").isEmpty)
        #expect(try fixture.statuses(now: "2026-11-30T15:02:03", all: true) == ["walk-dog": "dismissed"])
        #expect(try fixture.succeed(["live", "list", "--now", "2026-11-30T15:02:03"]) == "No live activities.\n")
        // Ended, the id starts a new run.
        #expect(try fixture.succeed(["live", "start", "walk-dog", "--now", "2026-11-30T16:00"]) == "started walk-dog\n")
    }

    @Test("stale at exactly the stale time; an update without one clears it")
    func stale() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "pizza", "--stale-at", "2026-11-30T10:30", "--now", "2026-11-30T10:00"])
        #expect(try fixture.statuses(now: "2026-11-30T10:29:59") == ["pizza": "active"])
        #expect(try fixture.statuses(now: "2026-11-30T10:30") == ["pizza": "stale"])
        // A time alone is on the day --now names, not the clock's.
        try fixture.succeed(["live", "start", "--id", "clock", "--stale-at", "10:45", "--now", "2026-11-30T10:00"])
        #expect(try fixture.list(now: "2026-11-30T10:00").first { $0["id"] as? String == "clock" }?["staleAt"] as? String
                == "2026-11-30T10:45:00+00:00")
        try fixture.succeed(["live", "end", "clock", "--dismiss", "immediate", "--now", "2026-11-30T10:00"])
        try fixture.succeed(["live", "update", "pizza", "--stale-after", "10m", "--now", "2026-11-30T10:40"])
        #expect(try fixture.statuses(now: "2026-11-30T10:49:59") == ["pizza": "active"])
        #expect(try fixture.statuses(now: "2026-11-30T10:50") == ["pizza": "stale"])
        try fixture.succeed(["live", "update", "pizza", "--state", #"{"eta":"11:05"}"#, "--now", "2026-11-30T10:55"])
        let listed = try fixture.list(now: "2026-11-30T11:00")
        #expect(listed[0]["status"] as? String == "active")
        #expect(listed[0]["staleAt"] is NSNull)
    }

    @Test("the 8 h limit: ended at start + 8h; no update after it; its end reports the limit")
    func timeLimit() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "walk-dog", "--now", "2026-11-30T08:00"])
        #expect(try fixture.statuses(now: "2026-11-30T15:59:59") == ["walk-dog": "active"])
        let ended = try fixture.list(now: "2026-11-30T16:00")[0]
        #expect(ended["status"] as? String == "ended")
        #expect(ended["endedAt"] as? String == "2026-11-30T16:00:00+00:00")
        #expect(ended["elapsed"] as? String == "08:00:00")
        #expect(ended["dismissAt"] as? String == "2026-11-30T20:00:00+00:00")
        let update = try fixture.traqt(["live", "update", "walk-dog", "--set", "x=1", "--now", "2026-11-30T16:00"])
        #expect(update.status == 65)
        #expect(update.stderr.contains("has ended, at 2026-11-30T16:00:00+00:00"))
        #expect(try fixture.succeed(["live", "end", "walk-dog", "--now", "2026-11-30T17:00"])
            == "already ended walk-dog (08:00:00)\n")
        // --max-duration changes it; 0 is no limit.
        try fixture.succeed(["live", "start", "--id", "short", "--max-duration", "90m", "--now", "2026-11-30T08:00"])
        try fixture.succeed(["live", "start", "--id", "long", "--max-duration", "0", "--now", "2026-11-30T08:00"])
        #expect(try fixture.statuses(now: "2026-11-30T09:30") == ["walk-dog": "active", "short": "ended", "long": "active"])
        #expect(try fixture.statuses(now: "2026-12-30T09:30") == ["long": "active"])
    }

    @Test("--dismiss: immediate, a duration or a date and time, capped at 4 hours after the end")
    func dismissal() throws {
        let fixture = try LiveFixture(activity: false)
        for id in ["now", "soon", "long", "at"] {
            try fixture.succeed(["live", "start", "--id", id, "--now", "2026-11-30T10:00"])
        }
        try fixture.succeed(["live", "end", "now", "--dismiss", "immediate", "--now", "2026-11-30T11:00"])
        try fixture.succeed(["live", "end", "soon", "--dismiss", "15m", "--now", "2026-11-30T11:00"])
        try fixture.succeed(["live", "end", "long", "--dismiss", "5h", "--now", "2026-11-30T11:00"])
        try fixture.succeed(["live", "end", "at", "--dismiss", "2026-11-30T12:00", "--now", "2026-11-30T11:00"])
        #expect(try fixture.statuses(now: "2026-11-30T11:00") == ["soon": "ended", "long": "ended", "at": "ended"])
        #expect(try fixture.statuses(now: "2026-11-30T11:14:59") == ["soon": "ended", "long": "ended", "at": "ended"])
        #expect(try fixture.statuses(now: "2026-11-30T11:15") == ["long": "ended", "at": "ended"])
        #expect(try fixture.statuses(now: "2026-11-30T12:00") == ["long": "ended"])
        #expect(try fixture.statuses(now: "2026-11-30T14:59:59") == ["long": "ended"])
        #expect(try fixture.statuses(now: "2026-11-30T15:00").isEmpty)

        // A time alone is on the day --now names, not the clock's.
        let other = try LiveFixture(activity: false)
        try other.succeed(["live", "start", "--id", "clock", "--now", "2026-11-30T10:00"])
        try other.succeed(["live", "end", "clock", "--dismiss", "12:00", "--now", "2026-11-30T11:00"])
        #expect(try other.list(now: "2026-11-30T11:00")[0]["dismissAt"] as? String == "2026-11-30T12:00:00+00:00")
    }

    @Test("state and attributes of 4096 bytes as stored are kept; 4097 is refused with nothing changed")
    func sizeLimit() throws {
        let fixture = try LiveFixture(activity: false)
        let fits = #"{"x":""# + String(repeating: "a", count: 4088) + #""}"#
        let over = #"{"x":""# + String(repeating: "a", count: 4089) + #""}"#
        #expect(fits.utf8.count == 4096)
        try fixture.succeed(["live", "start", "--id", "a", "--state", fits, "--attributes", fits])
        let before = try fixture.bytes()
        for arguments in [["live", "start", "--id", "b", "--state", over], ["live", "start", "--id", "b", "--attributes", over],
                          ["live", "update", "a", "--state", over], ["live", "update", "a", "--set", "y=1"]] {
            let result = try fixture.traqt(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains(arguments.contains("y=1") ? "4102" : "4097"))
            #expect(result.stderr.contains(" bytes as compact JSON; at most 4096 are allowed"), "\(result.stderr)")
        }
        #expect(try fixture.bytes() == before)
        // Spaces in what is given do not count: it is stored compact.
        try fixture.succeed(["live", "update", "a", "--state", "{ \"x\" : \"" + String(repeating: "a", count: 4088) + "\" }"])
    }

    @Test("most relevant first, then by start, then id; the name from the activity, an attribute, or the id")
    func order() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "--id", "b", "--attributes", #"{"title":"Build"}"#, "--now", "2026-11-30T10:00"])
        try fixture.succeed(["live", "start", "--id", "a", "--now", "2026-11-30T10:00"])
        try fixture.succeed(["live", "start", "walk-dog", "--relevance", "50", "--now", "2026-11-30T10:05"])
        try fixture.succeed(["live", "start", "--id", "c", "--attributes", #"{"name":"Pizza","title":"x"}"#,
                             "--relevance", "-1", "--now", "2026-11-30T09:00"])
        let listed = try fixture.list(now: "2026-11-30T10:10")
        #expect(listed.map { $0["id"] as! String } == ["walk-dog", "a", "b", "c"])
        #expect(listed.map { $0["name"] as! String } == ["Walk dog", "a", "Build", "Pizza"])
        #expect(listed.map { $0["relevance"] as! Int } == [50, 0, 0, -1])
        #expect(listed[1]["activityId"] is NSNull)
        // Removing the activity leaves the live activity, named by its id.
        try fixture.succeed(["remove", "walk-dog"])
        #expect(try fixture.list(now: "2026-11-30T10:10")[0]["name"] as? String == "walk-dog")
    }

    @Test("end: all or none; --all ends what runs, of a type if given")
    func end() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "a", "--now", "2026-11-30T10:00"])
        try fixture.succeed(["live", "start", "--id", "b", "--type", "delivery", "--now", "2026-11-30T10:01"])
        try fixture.succeed(["live", "start", "--id", "c", "--type", "delivery", "--now", "2026-11-30T10:02"])
        let unknown = try fixture.traqt(["live", "end", "a", "nope", "--now", "2026-11-30T10:30"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "Error: no live activity with id 'nope'; nothing was changed\n")
        #expect(unknown.stdout.isEmpty)
        #expect(try fixture.statuses(now: "2026-11-30T10:30") == ["a": "active", "b": "active", "c": "active"])
        #expect(try fixture.succeed(["live", "end", "--all", "--type", "delivery", "--now", "2026-11-30T10:30"])
            == "ended b (29:00)\nended c (28:00)\n")
        #expect(try fixture.succeed(["live", "end", "--all", "--state", #"{"done":true}"#, "--now", "2026-11-30T10:30"])
            == "ended a (30:00)\n")
        #expect(try fixture.list(now: "2026-11-30T10:30")[0]["state"] as? [String: Bool] == ["done": true])
        #expect(try fixture.succeed(["live", "end", "--all", "--now", "2026-11-30T10:31"]) == "No live activities running.\n")
    }

    @Test("usage errors exit 64, data errors 65, nothing changed", arguments: [
        (["live", "start"], 64, "Missing expected argument '--id <id>'"),
        (["live", "start", "--id", "x", "--state", "[1]"], 64, "expected a JSON object, not an array"),
        (["live", "start", "--id", "x", "--attributes", "{x"], 64, "invalid JSON"),
        (["live", "start", "--id", "x", "--now", "soon"], 64, "invalid date and time"),
        (["live", "start", "--id", "x", "--max-duration", "8"], 64, "invalid duration"),
        (["live", "start", "--id", "x", "--relevance", "high"], 64, "invalid number"),
        (["live", "start", "--id", "x", "--stale-after", "1m", "--stale-at", "2026-11-30T10:00"], 64, "cannot be used together"),
        (["live", "update", "walk-dog", "--state", "{}", "--set", "a=1"], 64, "cannot be used together"),
        (["live", "update", "walk-dog", "--set", "novalue"], 64, "expected KEY=VALUE"),
        (["live", "end"], 64, "Missing expected argument '<id> ...'"),
        (["live", "end", "a", "--all"], 64, "'--all' cannot be used with ids"),
        (["live", "end", "a", "--type", "x"], 64, "'--type' is only used with '--all'"),
        (["live", "end", "walk-dog", "--dismiss", "later"], 64, "invalid dismissal"),
        (["live", "strat"], 64, "Unknown subcommand 'strat'. Did you mean 'start'?"),
        (["live"], 64, "Missing expected argument '<subcommand>'"),
        (["live", "start", "nope"], 65, "no activity with id 'nope'"),
        (["live", "start", "walk-dog"], 65, "is already running, since 2026-11-30T10:00:00+00:00"),
        (["live", "update", "nope"], 65, "no live activity with id 'nope'"),
        (["live", "end", "nope"], 65, "no live activity with id 'nope'"),
    ] as [([String], Int32, String)])
    func errors(arguments: [String], status: Int32, message: String) throws {
        let fixture = try LiveFixture()
        // Without a limit it runs whatever the clock says when the case runs.
        try fixture.succeed(["live", "start", "walk-dog", "--max-duration", "0", "--now", "2026-11-30T10:00"])
        let before = try fixture.bytes()
        let result = try fixture.traqt(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        if status == 64 { #expect(result.stderr.contains("Usage: traqt live")) }
        #expect(try fixture.bytes() == before)
    }

    @Test("help for the group and each subcommand, however it is asked for", arguments: ["start", "update", "end", "list"])
    func help(subcommand: String) throws {
        let viaFlag = try InProcessTraqt.run(["live", subcommand, "--help"], database: nil)
        #expect(viaFlag.status == 0)
        #expect(viaFlag.stdout.contains("\nUSAGE: traqt live \(subcommand)"))
        #expect(viaFlag.stdout.contains("--now <datetime>"))
        #expect(try InProcessTraqt.run(["help", "live", subcommand], database: nil).stdout == viaFlag.stdout)
        #expect(try InProcessTraqt.run(["--help", "live", subcommand], database: nil).stdout == viaFlag.stdout)
        #expect(try InProcessTraqt.run(["live", "--help", subcommand], database: nil).stdout == viaFlag.stdout)
        let group = try InProcessTraqt.run(["live", "--help"], database: nil)
        #expect(group.stdout.contains("USAGE: traqt live <subcommand>"))
        #expect(group.stdout.contains("\n  \(subcommand) "))
    }

    @Test("a database not yet migrated lists no live activities and is left as it was; a newer one is refused with 78")
    func schemas() throws {
        let fixture = try LiveFixture(activity: false)
        let connection = try SQLiteConnection(path: fixture.database, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.execute(migrations[0].sql + ";" + migrations[1].sql)
        try connection.execute("PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 2")
        let before = try fixture.bytes()
        #expect(try fixture.succeed(["live", "list"]) == "No live activities.\n")
        #expect(try fixture.succeed(["live", "list", "--json", "--all"]) == "[]\n")
        #expect(try fixture.bytes() == before)
        // An older traqt knows only up to its own version: this one, for a file one version ahead.
        try connection.execute("PRAGMA user_version = \(ActivityStore.schemaVersion + 1)")
        let push = #"{"aps":{"event":"start"},"live_activity_id":"x"}"#
        for arguments in [["live", "list"], ["live", "start", "--id", "x"], ["push"]] {
            let result = try fixture.traqt(arguments, stdin: push)
            #expect(result.status == 78, "\(arguments): \(result.stderr)")
        }
    }
}
