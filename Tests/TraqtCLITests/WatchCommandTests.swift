import Foundation
import Testing

/// `traqt watch --json` and `--waybar` in a real process, fed by other
/// processes' commits.
@Suite("watch")
struct WatchCommandTests {
    /// Monday 2026-11-30, 06:00 UTC: Walk dog (07:30 daily) is pending; no
    /// moment where time alone changes the view comes within a minute.
    static let start = "2026-11-30T06:00"
    /// A change must show well within this (the benchmark measures the real latency).
    static let latency: TimeInterval = 2

    static func ids(_ value: Any?) -> [String] {
        (value as? [[String: Any]] ?? []).map { $0["id"] as! String }
    }

    @Test("each commit of another process (add, remove, live start, update, end, push) is one new line, in order; none while nothing changes",
          arguments: Backend.all)
    func oneLinePerChange(backend: Backend) async throws {
        let fixture = try LiveFixture(backend: backend)
        let watch = try WatchProcess(["--json", "--now", Self.start], database: fixture.database)
        let first = try #require(watch.waitForLines(1).first).object()
        #expect(first["now"] as? String == "2026-11-30T06:00:00+00:00")
        #expect(Self.ids(first["live"]).isEmpty)
        #expect(Self.ids(first["pending"]) == ["walk-dog"])

        let at = ["--now", "2026-11-30T06:00"]
        let push = PushCommandTests.apns("pizza", "start", at: 1_796_018_400,
                                         #","attributes":{"title":"Pizza"},"content-state":{"eta":"06:40"}"#)
        let steps: [(arguments: [String], stdin: String?, check: ([String: Any]) -> Void)] = [
            (["add", "Gym", "--days", "daily", "--at", "18:00"], nil, { line in
                #expect(Self.ids(line["pending"]) == ["walk-dog", "gym"])
            }),
            (["remove", "gym"], nil, { line in #expect(Self.ids(line["pending"]) == ["walk-dog"]) }),
            (["live", "start", "walk-dog"] + at, nil, { line in
                let live = line["live"] as? [[String: Any]] ?? []
                #expect(Self.ids(live) == ["walk-dog"])
                #expect(live.first?["status"] as? String == "active")
            }),
            (["live", "update", "walk-dog", "--set", "laps=2"] + at, nil, { line in
                let live = line["live"] as? [[String: Any]] ?? []
                #expect(live.first?["state"] as? [String: Int] == ["laps": 2])
            }),
            (["live", "end", "walk-dog"] + at, nil, { line in
                let live = line["live"] as? [[String: Any]] ?? []
                #expect(live.first?["status"] as? String == "ended")
            }),
            (["push"] + at, push, { line in
                let live = line["live"] as? [[String: Any]] ?? []
                #expect(Self.ids(live) == ["pizza", "walk-dog"])
                #expect(live.first?["status"] as? String == "active")
            }),
        ]
        for (index, step) in steps.enumerated() {
            try fixture.succeed(step.arguments, stdin: step.stdin)
            let committed = Date()
            let lines = try await offThePool { watch.waitForLines(index + 2) }
            try #require(lines.count >= index + 2, "no line after \(step.arguments)")
            #expect(lines[index + 1].arrived.timeIntervalSince(committed) < Self.latency, "\(step.arguments)")
            step.check(try lines[index + 1].object())
        }
        // Pizza's stopwatch ticks, nothing is committed: no line for 3 s.
        try await Task.sleep(for: .seconds(3))
        let lines = watch.lines
        #expect(lines.count == steps.count + 1)

        // The objects are those of live list --json and today --json at the line's now, byte for byte.
        let last = try #require(lines.last)
        let now = try #require(try last.object()["now"] as? String)
        func objects(_ arguments: [String]) throws -> String {
            try fixture.succeed(arguments + ["--now", now]).split(separator: "\n").dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                .joined(separator: ",")
        }
        #expect(last.text == #"{"now":"\#(now)","live":[\#(try objects(["live", "list", "--json"]))],"pending":[\#(try objects(["today", "--json"]))]}"#)
    }

    @Test("time alone changes what is shown: a pending activity's minute passes, a live activity goes stale")
    func timeChanges() async throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["add", "Tea", "--days", "daily", "--at", "06:59"])
        try fixture.succeed(["live", "start", "--id", "pizza", "--stale-at", "2026-11-30T07:00:01", "--now", "2026-11-30T06:50"])
        let watch = try WatchProcess(["--json", "--now", "2026-11-30T06:59:58"], database: fixture.database)
        let stale = try await offThePool { watch.waitForLine(after: 0) { $0.text.contains(#""status":"stale""#) } }
        try #require(stale != nil)
        // Each line as of its now (a loaded machine may merge the two changes into one line).
        let objects = try watch.lines.map { try $0.object() }
        #expect((2...3).contains(objects.count))
        for object in objects {
            let now = try #require(object["now"] as? String)
            #expect(Self.ids(object["pending"]) == (now < "2026-11-30T07:00:00" ? ["tea", "walk-dog"] : ["walk-dog"]), "\(now)")
            let status = (object["live"] as? [[String: Any]])?.first?["status"] as? String
            #expect(status == (now < "2026-11-30T07:00:01" ? "active" : "stale"), "\(now)")
        }
        #expect(objects.first?["now"] as? String ?? "" < "2026-11-30T07:00:00")
    }

    @Test("writers are never blocked by a watcher: 8 processes × 25 adds beside it, no busy error; commits that change nothing shown make no line")
    func writersGoOn() async throws {
        let fixture = try LiveFixture()
        let watch = try WatchProcess(["--json", "--now", Self.start], database: fixture.database)
        watch.waitForLines(1)
        // 00:00 has passed at 06:00: none of these is pending, yet each is a commit the watcher looks at.
        // The writers wait up to 60 s: on a shared machine a slow disk alone (each commit syncs)
        // can hold eight writers past the default 10 s; a watcher that kept a lock would not let go at all.
        let result = try await offThePool { try runShell("""
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 1 25); do
                  "$TRAQT" add "Early $p $i" --days daily --at 00:00 --id "early-$p-$i" >/dev/null 2>>"$TRAQT_DB.errors" || echo "failed $p $i"
                done ) &
            done
            wait
            cat "$TRAQT_DB.errors" 2>/dev/null
            "$TRAQT" list | wc -l
            """, database: fixture.database, environment: ["TRAQT_BUSY_TIMEOUT": "60000"]) }
        #expect(result.status == 0)
        #expect(result.output == "202\n", "failures or lost rows: \(result.output)")
        #expect(watch.lines.count == 1)
        try fixture.succeed(["add", "Tea", "--days", "daily", "--at", "07:00"])
        let committed = Date()
        let lines = try await offThePool { watch.waitForLines(2) }
        try #require(lines.count == 2)
        #expect(lines[1].arrived.timeIntervalSince(committed) < Self.latency)
        #expect(Self.ids(try lines[1].object()["pending"]) == ["tea", "walk-dog"])
    }

    @Test("a database that does not exist yet is watched (never created) until it appears")
    func databaseAppears() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("not/yet/traqt.sqlite")
        let watch = try WatchProcess(["--json", "--now", Self.start], database: database)
        let first = try #require(watch.waitForLines(1).first).object()
        #expect(Self.ids(first["live"]).isEmpty && Self.ids(first["pending"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("not")))
        try InProcessTraqt.run(["add", "Tea", "--days", "daily", "--at", "07:00"], database: database)
        let committed = Date()
        let lines = watch.waitForLines(2)
        try #require(lines.count == 2)
        #expect(lines[1].arrived.timeIntervalSince(committed) < Self.latency)
        #expect(Self.ids(try lines[1].object()["pending"]) == ["tea"])
    }

    @Test("a database replaced by a file that is not one ends the watch with 65")
    func unreadable() throws {
        let fixture = try LiveFixture()
        let watch = try WatchProcess(["--json"], database: fixture.database)
        watch.waitForLines(1)
        let garbage = fixture.directory.file("garbage")
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: garbage))
        #expect(rename(garbage, fixture.database) == 0)
        let (status, stderr) = try watch.waitForExit()
        #expect(status == 65)
        #expect(stderr.hasPrefix("Error: '\(fixture.database)' is not a traqt database"))
        #expect(watch.lines.count == 1)
    }

    @Test("--waybar: Waybar's JSON, a line per second while a live activity runs, and on each change")
    func waybar() async throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["add", "Tea & <cake>", "--days", "daily", "--at", "07:00", "--id", "tea"])
        let watch = try WatchProcess(["--waybar", "--now", Self.start], database: fixture.database)
        func object(_ line: WatchProcess.Line) throws -> [String: String] {
            let object = try line.object()
            #expect(Set(object.keys) == ["text", "tooltip", "class", "alt"], "\(line.text)")
            return object.compactMapValues { $0 as? String }
        }
        let first = try object(try #require(watch.waitForLines(1).first))
        #expect(first == ["text": "next 07:00 Tea &amp; &lt;cake&gt;", "class": "pending", "alt": "pending",
                          "tooltip": "next 07:00 Tea &amp; &lt;cake&gt;\n07:30 Walk dog"])
        try fixture.succeed(["live", "start", "walk-dog", "--now", Self.start])
        // Two lines a second apart: the stopwatch is the text.
        let lines = try await offThePool { watch.waitForLines(3) }
        try #require(lines.count == 3)
        let running = try object(lines[1]), next = try object(lines[2])
        #expect(running["class"] == "active")
        #expect(running["alt"] == "stopwatch")
        #expect(running["text"]?.hasPrefix("⏱ 00:0") == true && running["text"]?.hasSuffix(" Walk dog") == true)
        #expect(running["tooltip"]?.hasSuffix(" Walk dog\nnext 07:00 Tea &amp; &lt;cake&gt;\n07:30 Walk dog") == true)
        // A line a second, not more: the stopwatch's seconds go up between the
        // two. (Read from the text: when the lines arrived depends on the load.)
        func seconds(_ text: String?) -> Int? { text.flatMap { Int($0.dropFirst(5).prefix(2)) } }
        let (was, now) = (seconds(running["text"]), seconds(next["text"]))
        #expect(was != nil && now != nil && now! > was!, "\(running["text"] ?? "") then \(next["text"] ?? "")")
        func firstLine(after count: Int, class kind: String) throws -> [String: String] {
            let line = watch.waitForLine(after: count) { (try? $0.object())?["class"] as? String == kind }
            return try object(try #require(line, "no line of class \(kind)"))
        }
        var count = watch.lines.count
        try fixture.succeed(["live", "update", "walk-dog", "--stale-at", Self.start, "--now", Self.start])
        #expect(try firstLine(after: count, class: "stale")["tooltip"]?.contains(" Walk dog (stale)\n") == true)
        count = watch.lines.count
        try fixture.succeed(["live", "end", "walk-dog", "--now", Self.start, "--dismiss", "immediate"])
        #expect(try firstLine(after: count, class: "pending")["text"] == "next 07:00 Tea &amp; &lt;cake&gt;")
    }

    @Test("--waybar: every field Waybar renders as markup is escaped for it, the type in alt too")
    func waybarMarkup() throws {
        let fixture = try LiveFixture()
        let hostile = #"<b>&'"</b>"#, escaped = "&lt;b&gt;&amp;&#39;&quot;&lt;/b&gt;"
        try fixture.succeed(["add", hostile, "--days", "daily", "--at", "07:00", "--id", "hostile"])
        try fixture.succeed(["live", "start", "hostile", "--type", hostile, "--now", Self.start])
        let watch = try WatchProcess(["--waybar", "--now", Self.start], database: fixture.database)
        let object = try #require(watch.waitForLines(1).first).object().compactMapValues { $0 as? String }
        #expect(object["alt"] == escaped)
        #expect(object["text"]?.hasSuffix(" " + escaped) == true, "\(object)")
        #expect(object["tooltip"]?.contains(" " + escaped + "\n") == true, "\(object)")
        #expect(object["class"] == "active")
    }

    @Test("a reader that goes away ends the watch at once, as it ends any filter (141), even with nothing to write")
    func readerGoesAway() throws {
        let fixture = try LiveFixture()
        let started = Date()
        let result = try runShell(#""$TRAQT" watch --json | head -c 10; echo " ${PIPESTATUS[0]}""#, database: fixture.database)
        #expect(result.output == #"{"now":"20"# + " 141\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("--json and --waybar together are a usage error")
    func exclusive() throws {
        let result = try InProcessTraqt.run(["watch", "--json", "--waybar"], database: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: '--json' and '--waybar' cannot be used together"))
    }
}
