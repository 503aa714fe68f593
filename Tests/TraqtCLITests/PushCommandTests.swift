import Foundation
import Testing
import TraqtCore

/// `traqt push` through the binary: each shape, order and duplicates, one
/// transaction per document, `--follow`, and the token.
@Suite("push")
struct PushCommandTests {
    /// 2026-11-30T10:00:00Z.
    static let t0 = 1_796_032_800

    static func apns(_ id: String, _ event: String, at time: Int? = nil, _ extra: String = "") -> String {
        let timestamp = time.map { #","timestamp":\#($0)"# } ?? ""
        return #"{"aps":{"event":"\#(event)"\#(timestamp)\#(extra)},"live_activity_id":"\#(id)"}"#
    }

    static func notification(_ id: String, _ event: String, at time: Int, _ extra: String = "") -> String {
        #"{"live_activity_id":"\#(id)","content":"Message","live_activity":{"event":"\#(event)","timestamp":\#(time)\#(extra)},"devices":["X"]}"#
    }

    static func envelope(auth: String, _ notifications: String...) -> String {
        #"{"request":{"application":"XXXXX","auth":"\#(auth)","notifications":[\#(notifications.joined(separator: ","))]}}"#
    }

    /// The clock of every push here, so that pruning never depends on the day the tests run.
    static let now = ["--now", "2026-11-30T12:00"]

    /// `--now` at `offset` seconds after 10:00.
    static func now(_ offset: Int) -> [String] {
        ["--now", "2026-11-30T10:\(offset / 600)\(offset / 60 % 10):\(offset % 60 / 10)\(offset % 10)"]
    }

    @Test("each shape: an APNs payload, a notification, an envelope, an array of them; each event happens when applied")
    func shapes() throws {
        let fixture = try LiveFixture()
        let start = Self.apns("walk-dog", "start", at: 1234,
                              #","content-state":{"laps":0},"attributes-type":"StopwatchAttributes","attributes":{"lane":3}"#)
        #expect(try fixture.succeed(["push"] + Self.now(0), stdin: start) == "started walk-dog\n")
        let update = Self.notification("walk-dog", "update", at: 1300, #","content-state":{"laps":1},"relevance-score":75"#)
        #expect(try fixture.succeed(["push", "-"] + Self.now(60), stdin: update) == "updated walk-dog\n")
        let array = "[" + Self.envelope(auth: "any", Self.notification("pizza", "start", at: Self.t0 + 10,
                                                                        #","attributes":{"title":"Pizza"}"#))
            + "," + Self.apns("walk-dog", "end", at: 1400, #","dismissal-date":\#(Self.t0 + 180)"#) + "]"
        let file = fixture.directory.file("push.json")
        try array.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try fixture.succeed(["push", file] + Self.now(120)) == "started pizza\nended walk-dog\n")

        let listed = try fixture.list(now: "2026-11-30T10:02:30")
        #expect(listed.map { $0["id"] as! String } == ["walk-dog", "pizza"])
        let walk = listed[0]
        #expect(walk["type"] as? String == "StopwatchAttributes")
        #expect(walk["activityId"] as? String == "walk-dog")
        #expect(walk["attributes"] as? [String: Int] == ["lane": 3])
        #expect(walk["state"] as? [String: Int] == ["laps": 1])
        #expect(walk["relevance"] as? Int == 75)
        // Apple's start example says 1234 (1970): it starts when applied, and its timestamp is kept.
        #expect(walk["startedAt"] as? String == "2026-11-30T10:00:00+00:00")
        #expect(walk["sentAt"] as? String == "1970-01-01T00:23:20+00:00")
        #expect(walk["endedAt"] as? String == "2026-11-30T10:02:00+00:00")
        #expect(walk["dismissAt"] as? String == "2026-11-30T10:03:00+00:00")
        #expect(walk["elapsed"] as? String == "02:00")
        #expect(listed[1]["name"] as? String == "Pizza")
        #expect(listed[1]["activityId"] is NSNull)
    }

    @Test("the same document twice changes nothing the second time; a late update cannot overwrite a newer one")
    func orderAndDuplicates() throws {
        let fixture = try LiveFixture(activity: false)
        let document = "[" + Self.apns("p", "start", at: Self.t0) + ","
            + Self.apns("p", "update", at: Self.t0 + 20, #","content-state":{"n":2}"#) + "]"
        #expect(try fixture.succeed(["push"] + Self.now, stdin: document) == "started p\nupdated p\n")
        let before = try fixture.bytes()
        #expect(try fixture.succeed(["push"] + Self.now, stdin: document) == """
            skipped p: a start, and it is running since 2026-11-30T12:00:00+00:00
            skipped p: the same request again (timestamp \(Self.t0 + 20))

            """)
        let late = Self.apns("p", "update", at: Self.t0 + 10, #","content-state":{"n":1}"#)
        #expect(try fixture.succeed(["push"] + Self.now, stdin: late)
            == "skipped p: older than the last push applied (timestamp \(Self.t0 + 20))\n")
        #expect(try fixture.bytes() == before)
        // The same second with other content is applied, in the order it comes: an update then an end ends it.
        let sameSecond = "[" + Self.apns("p", "update", at: Self.t0 + 20, #","content-state":{"n":3}"#) + ","
            + Self.apns("p", "end", at: Self.t0 + 20) + "]"
        #expect(try fixture.succeed(["push"] + Self.now, stdin: sameSecond) == "updated p\nended p\n")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == ["n": 3])
        // Anything after the end is skipped, whatever its timestamp, an untimed one too.
        #expect(try fixture.succeed(["push"] + Self.now, stdin: Self.apns("p", "end", at: Self.t0 + 500))
            == "skipped p: ended at 2026-11-30T12:00:00+00:00\n")
        #expect(try fixture.succeed(["push"] + Self.now, stdin: Self.apns("p", "update", #","relevance-score":5"#))
            == "skipped p: ended at 2026-11-30T12:00:00+00:00\n")
    }

    /// Malformed documents, refused whole, and what the error must say.
    static let malformedDocuments: [(String, String)] = {
        let start = apns("a", "start", at: t0)
        var cases: [(String, String)] = []
        cases.append(("[" + start + "," + envelope(auth: "x", apns("a", "update", at: t0 + 1), apns("a", "pause", at: t0 + 2)) + "]",
                      "notification 2, field 'request.notifications[1].aps.event'"))
        cases.append((#"{"aps":{"event":"start"}}"#, "notification 0, field 'live_activity_id': missing"))
        cases.append(("[" + start + "," + apns("a", "update", at: t0, #","content-state":"x""#) + "]",
                      "notification 1, field 'aps.content-state': the aps.content-state must be a JSON object"))
        cases.append(("[" + start + ",", "invalid JSON at line 1"))
        return cases
    }()

    @Test("a malformed document applies nothing and names the notification and the field", arguments: malformedDocuments)
    func malformedDocument(document: String, message: String) throws {
        let fixture = try LiveFixture(activity: false)
        let result = try fixture.traqt(["push"] + Self.now, stdin: document)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: standard input: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; nothing was applied\n"))
        #expect(result.stdout.isEmpty)
        #expect(try fixture.list(now: "2026-11-30T10:00", all: true).isEmpty)
    }

    /// Well-formed notifications the rules refuse, each on its own, and the reason.
    static let refusedNotifications: [(String, String, String)] = {
        let over = #","content-state":{"x":"\#(String(repeating: "a", count: 4089))"}"#
        return [
            (apns("b", "update", at: t0), "no live activity with id 'b'", "BadDeviceToken"),
            (apns("a", "start", at: t0 + 10), "the live activity 'a' is already running", "AlreadyRunning"),
            (apns("a", "update", at: t0 + 1, over), "bytes; at most 4096 are allowed (PayloadTooLarge)", "PayloadTooLarge"),
            (apns("a", "update", at: t0 + 86_400 * 3), "more than a day (TimestampInFuture)", "TimestampInFuture"),
            (apns("a", "update", at: t0 * 1000), "can only be milliseconds", "BadDate"),
        ]
    }()

    @Test("a refused notification is refused alone: the others are applied, nothing goes to stdout, each is named, 65",
          arguments: refusedNotifications)
    func refusedNotification(notification: String, message: String, reason: String) throws {
        let fixture = try LiveFixture(activity: false)
        let update = Self.apns("a", "update", at: Self.t0 + 2, #","content-state":{"n":1}"#)
        let result = try fixture.traqt(["push"] + Self.now,
                                       stdin: "[" + Self.apns("a", "start", at: Self.t0) + "," + notification + "," + update + "]")
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stderr)")
        #expect(lines.first == "Error: standard input: notification 0: started a")
        #expect(lines[1].hasPrefix("Error: standard input: notification 1") && lines[1].contains(message), "\(lines[1])")
        #expect(lines[1].hasSuffix("; refused"))
        #expect(lines[2] == "Error: standard input: notification 2: updated a")
        #expect(lines[3] == "Error: 1 of 3 notifications was refused (see above); the others were applied or skipped")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == ["n": 1])
        // With --json the answer is on stdout whatever the outcomes, one object each, with the status APNs would give.
        let json = try fixture.traqt(["push", "--json"] + Self.now,
                                     stdin: "[" + Self.apns("a", "update", at: Self.t0 + 3) + "," + notification + "]")
        #expect(json.status == 65)
        let objects = json.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.map { $0["outcome"] as? String } == ["applied", "refused"])
        #expect(objects[1]["reason"] as? String == reason)
        #expect(objects[1]["status"] as? Int == (reason == "PayloadTooLarge" ? 413 : 400))
        #expect(objects.map { $0["index"] as? Int } == [0, 1])
    }

    @Test("--follow applies each line as it comes; a bad line in the middle is reported and the rest go on")
    func follow() throws {
        let fixture = try LiveFixture(activity: false)
        let lines = [Self.apns("a", "start", at: Self.t0), "{not json", "",
                     Self.apns("b", "update", at: Self.t0),
                     Self.apns("a", "update", at: Self.t0 + 30, #","content-state":{"n":1}"#)]
        let result = try fixture.traqt(["push", "--follow"] + Self.now, stdin: lines.joined(separator: "\n"))
        #expect(result.status == 65)
        #expect(result.stdout == "started a\nupdated a\n")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 3)
        #expect(errors[0].hasPrefix("Error: standard input, line 2: invalid JSON"))
        #expect(errors[1].hasPrefix("Error: standard input, line 4: notification 0, field 'live_activity_id'"))
        #expect(errors[2] == "Error: 2 of 4 lines were refused (see above); the others were applied")
        #expect(try fixture.list(now: "2026-11-30T10:01")[0]["state"] as? [String: Int] == ["n": 1])
        // All good: exit 0.
        #expect(try fixture.succeed(["push", "-f"] + Self.now, stdin: Self.apns("a", "end", at: Self.t0 + 60) + "\n") == "ended a\n")
    }

    @Test("--follow applies a line before the input ends")
    func followStreams() throws {
        let fixture = try LiveFixture(activity: false)
        // The writer waits until traqt has applied the first line, then sends the second.
        let result = try runShell("""
            fifo="$(dirname "$TRAQT_DB")/in"; mkfifo "$fifo"
            "$TRAQT" push --follow --now 2026-11-30T12:00 <"$fifo" >"$fifo.out" &
            exec 3>"$fifo"
            echo '\(Self.apns("a", "start", at: Self.t0))' >&3
            for i in $(seq 1 200); do grep -q started "$fifo.out" 2>/dev/null && break; sleep 0.01; done
            "$TRAQT" live list --now 2026-11-30T10:00 | tail -n +2 | tr -s ' '
            echo '\(Self.apns("a", "end", at: Self.t0 + 5))' >&3
            exec 3>&-
            wait $!; echo "status $?"; cat "$fifo.out"
            """, database: fixture.database)
        #expect(result.output == "00:00 active stopwatch a a\nstatus 0\nstarted a\nended a\n")
    }

    @Test("with TRAQT_PUSH_TOKEN only envelopes with that auth are applied; anything else exits 77, nothing applied")
    func token() throws {
        let fixture = try LiveFixture()
        let secret = ["TRAQT_PUSH_TOKEN": "s3cret"]
        let before = try fixture.bytes()
        for document in [Self.apns("a", "start", at: Self.t0),
                         Self.envelope(auth: "s3cre", Self.apns("a", "start", at: Self.t0)),
                         "[" + Self.envelope(auth: "s3cret", Self.apns("a", "start", at: Self.t0)) + ","
                             + Self.apns("b", "start", at: Self.t0) + "]"] {
            let result = try fixture.traqt(["push"] + Self.now, stdin: document, environment: secret)
            #expect(result.status == 77)
            #expect(result.stderr.contains("not authorized"))
            #expect(result.stdout.isEmpty)
        }
        #expect(try fixture.bytes() == before)
        let follow = try fixture.traqt(["push", "--follow"] + Self.now, stdin: Self.apns("a", "start", at: Self.t0), environment: secret)
        #expect(follow.status == 77)
        #expect(try fixture.succeed(["push"] + Self.now, stdin: Self.envelope(auth: "s3cret", Self.apns("a", "start", at: Self.t0)),
                                    environment: secret) == "started a\n")
        // Unset (or empty), the file's permissions are the gate.
        #expect(try fixture.succeed(["push"] + Self.now, stdin: Self.apns("b", "start", at: Self.t0),
                                    environment: ["TRAQT_PUSH_TOKEN": ""]) == "started b\n")
    }

    /// Runs `traqt arguments…` with at most `limit` bytes of data memory
    /// (RLIMIT_DATA, which counts the heap and every private map), set by `prlimit`.
    static func traqt(within limit: Int, _ arguments: [String], database: String,
                      environment: [String: String] = [:]) throws -> TraqtProcess.Result {
        try TraqtProcess.runProgram(["/usr/bin/prlimit", "--data=\(limit)", TraqtProcess.executable.path] + arguments,
                                    environment: TraqtProcess.environment(database: database, extra: environment))
    }

    /// The memory a document of `bytes` may take to read: 3 N + 16 MiB.
    static func memoryLimit(_ bytes: Int) -> Int { 3 * bytes + (16 << 20) }

    @Test("a document refused for its auth is not built: 77 within 3 N + 16 MiB, whole, as a --follow line, without an envelope")
    func unauthorizedIsCheap() throws {
        let fixture = try LiveFixture()
        let before = try fixture.bytes()
        // A state of half a million zeros: 1 MiB of text, many times that as a tree.
        let zeros = [String](repeating: "0", count: 1 << 19).joined(separator: ",")
        let notification = Self.notification("a", "start", at: Self.t0, #","content-state":{"v":[\#(zeros)]}"#)
        for (name, document, follow) in [("envelope.json", Self.envelope(auth: "s3cre", notification), [false, true]),
                                         ("bare.json", notification, [false])] {
            let file = fixture.directory.file(name)
            try document.write(toFile: file, atomically: true, encoding: .utf8)
            for arguments in follow.map({ ["push", file] + ($0 ? ["--follow"] : []) }) {
                let result = try Self.traqt(within: Self.memoryLimit(document.utf8.count), arguments + Self.now,
                                            database: fixture.database, environment: ["TRAQT_PUSH_TOKEN": "s3cret"])
                #expect(result.status == 77, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("not authorized"))
            }
        }
        #expect(try fixture.bytes() == before)
    }

    @Test("input errors: a missing file exits 66, a document over 64 MiB is refused with 65 unread")
    func input() throws {
        let fixture = try LiveFixture(activity: false)
        let missing = try fixture.traqt(["push", fixture.directory.file("nope.json")])
        #expect(missing.status == 66)
        let huge = fixture.directory.file("huge.json")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(PushDocument.byteLimit + 1))
        try handle.close()
        let result = try fixture.traqt(["push", huge])
        #expect(result.status == 65)
        #expect(result.stderr.contains("longer than 67108864 bytes"))
    }

    @Test("8 processes updating one live activity at once: no error, the final state is one of theirs, integrity ok")
    func concurrentUpdates() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "shared", "--max-duration", "0"])
        let result = try runShell("""
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 1 10); do
                  "$TRAQT" live update shared --set p=$p --set i=$i >/dev/null || echo "fail $p-$i"
                done ) &
            done
            wait
            """, database: fixture.database)
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failed updates: \(result.output)")
        let state = try #require(try fixture.list(now: "2026-11-30T10:00")[0]["state"] as? [String: Int])
        #expect((1...8).contains(state["p"] ?? 0))
        #expect(state["i"] == 10)
        let connection = try SQLiteConnection(path: fixture.database, mode: .readOnly, busyTimeoutMilliseconds: 5000)
        let check = try connection.prepare("PRAGMA integrity_check")
        try check.step()
        #expect(check.string(at: 0) == "ok")
    }
}
