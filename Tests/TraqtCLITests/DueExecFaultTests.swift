import Foundation
import Testing

/// `due --exec` when things go wrong around the commands: a broken standard
/// output, a command that never ends, a `due` killed halfway. Each reminder's
/// command is started at most once, and one that was never started runs at the
/// next `due`.
@Suite("due --exec under faults")
struct DueExecFaultTests {
    static let now = "2026-11-30T07:05"

    /// Reminders a, b and c at 07:00, 07:01 and 07:02.
    static func fixture(_ ids: [String] = ["a", "b", "c"]) throws -> ReminderFixture {
        let fixture = try ReminderFixture()
        for (index, id) in ids.enumerated() {
            try fixture.add("Reminder \(id)", id: id, at: String(format: "07:%02d", index))
        }
        return fixture
    }

    /// A command that appends its reminder's id to `log`.
    static func logging(to log: String) -> [String] {
        ["--exec", "/bin/sh", "-c", #"echo "$TRAQT_ID" >> "$0""#, log]
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Runs `traqt ARGS` under bash with standard output sent where `redirect`
    /// says; returns traqt's exit status and standard error.
    static func runRedirected(_ fixture: ReminderFixture, _ arguments: [String], redirect: String) throws
        -> (status: Int32, stderr: String) {
        let errors = fixture.directory.file("stderr")
        let words = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let script: String
        if redirect == "closed pipe" {
            // The reader closes its end before traqt starts: no reader at all.
            let gate = fixture.directory.file("gate")
            script = """
                mkfifo '\(gate)'
                { read -r _ < '\(gate)'; "$TRAQT" \(words) 2>'\(errors)'; echo $? > '\(gate).status'; } \
                    | { exec 0<&-; echo go > '\(gate)'; }
                cat '\(gate).status'
                """
        } else {
            script = """
                "$TRAQT" \(words) \(redirect) 2>'\(errors)'
                echo $?
                """
        }
        let result = try runShell(script, database: fixture.database, environment: ReminderFixture.newYork)
        let status = Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (status, read(errors))
    }

    // MARK: - Broken output

    @Test("a broken standard output never stops the commands; the output error is reported after", arguments: [
        ("> /dev/full", Int32(74)), (">&-", Int32(74)), ("closed pipe", Int32(141)),
    ])
    func brokenOutput(redirect: String, status: Int32) throws {
        let fixture = try Self.fixture()
        let log = fixture.directory.file("log")
        let result = try Self.runRedirected(fixture, ["due", "--json", "--now", Self.now] + Self.logging(to: log),
                                            redirect: redirect)
        #expect(result.status == status, "\(redirect): \(result.stderr)")
        #expect(Self.read(log) == "a\nb\nc\n", "\(redirect)")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "fired", "b": "fired", "c": "fired"])
        // Nothing is left for a later run.
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T07:06"] + Self.logging(to: log)).status == 0)
        #expect(Self.read(log) == "a\nb\nc\n")
    }

    @Test("with standard output closed, commands find /dev/null there, and a run with nothing to print succeeds")
    func closedDescriptors() throws {
        let fixture = try Self.fixture(["a"])
        let seen = fixture.directory.file("seen")
        let result = try Self.runRedirected(fixture, ["due", "--quiet", "--now", Self.now, "--exec", "/bin/sh", "-c",
                                                      #"fd=$(readlink /proc/$$/fd/1); echo "$fd" > "$0""#, seen], redirect: ">&-")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.read(seen) == "/dev/null\n")
    }

    // MARK: - --timeout

    /// Whether process `pid` is gone (or only a zombie waiting to be reaped).
    static func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command name in parentheses.
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }

    @Test("a command that overruns --timeout is ended with everything it started, recorded as failed (124)", arguments: [
        // It ends on SIGTERM; and one that ignores SIGTERM gets SIGKILL after a grace of 2 s.
        (#"echo $$ > "$0"; sleep 30 & echo $! >> "$0"; wait"#, 1.0),
        (#"trap '' TERM; echo $$ > "$0"; sleep 30 & echo $! >> "$0"; wait; wait"#, 3.0),
    ])
    func timeout(script: String, minimum: Double) async throws {
        let fixture = try Self.fixture(["a", "b"])
        let pids = fixture.directory.file("pids"), log = fixture.directory.file("log")
        // b's command is quick: a's overrunning does not keep b from running.
        let command = #"if [ "$TRAQT_ID" = a ]; then "#
            + script.replacingOccurrences(of: #""$0""#, with: "'\(pids)'") + #"; else echo "$TRAQT_ID" >> "$0"; fi"#
        // Timed on the waiting thread: the task may resume later than the run ends.
        let (result, elapsed) = try await offThePool {
            let started = Date()
            let result = try fixture.traqt(["due", "--now", Self.now, "--timeout", "1s", "--exec", "/bin/sh", "-c", command, log])
            return (result, Date().timeIntervalSince(started))
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'a' timed out after 1s"), "\(result.stderr)")
        #expect(elapsed >= minimum && elapsed < minimum + 5, "\(elapsed) s")
        #expect(Self.read(log) == "b\n")
        let spawned = Self.read(pids).split(separator: "\n").compactMap { Int32($0) }
        #expect(spawned.count == 2)
        for pid in spawned { #expect(Self.isGone(pid), "process \(pid) still runs") }

        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "failed", "b": "fired"])
        let text = try fixture.traqt(["summary", "--now", Self.now]).stdout
        #expect(text.contains("07:00  Reminder a  failed at 07:05 (timed out)"), "\(text)")
        let json = try fixture.traqt(["summary", "--json", "--now", Self.now]).stdout
        #expect(json.contains(#""status":"failed","firedAt":"2026-11-30T07:05:00-05:00","lateSeconds":300,"exitStatus":124"#))
    }

    @Test("a bad --timeout is a usage error that claims nothing", arguments: [
        ["--timeout", "soon"], ["--timeout", "15"], ["--timeout", "-1s"],
    ])
    func badTimeout(arguments: [String]) throws {
        let fixture = try Self.fixture(["a"])
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        let bad = try fixture.traqt(["due", "--now", Self.now] + arguments + ["--exec", "/bin/true"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--timeout"), "\(bad.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
    }

    @Test("--timeout 0 is no limit, not an immediate one")
    func noTimeout() throws {
        let fixture = try Self.fixture(["a"])
        let log = fixture.directory.file("log")
        let unlimited = try fixture.traqt(["due", "--now", Self.now, "--timeout", "0", "--exec", "/bin/sh", "-c",
                                           #"sleep 0.3; echo "$TRAQT_ID" >> "$0""#, log])
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        #expect(Self.read(log) == "a\n")
    }

    // MARK: - A due killed halfway

    /// Runs `due --exec` whose command for `a` kills `due` (SIGKILL) after
    /// logging: a's command was started, the others were claimed and never run.
    static func killedRun(_ fixture: ReminderFixture, log: String) throws {
        let script = #"echo "$TRAQT_ID" >> "$0"; if [ "$TRAQT_ID" = a ]; then kill -9 "$PPID"; fi"#
        let result = try fixture.traqt(["due", "--quiet", "--now", now, "--exec", "/bin/sh", "-c", script, log])
        #expect(result.status == SIGKILL)
        #expect(read(log) == "a\n")
    }

    @Test("a due killed while a command ran: summary tells started from claimed; the next due runs only the claimed")
    func killedHalfway() throws {
        let fixture = try Self.fixture()
        let log = fixture.directory.file("log")
        try Self.killedRun(fixture, log: log)

        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "started", "b": "claimed", "c": "claimed"])
        let text = try fixture.traqt(["summary", "--now", Self.now]).stdout
        #expect(text.contains("07:00  Reminder a  started at 07:05, no outcome\n"), "\(text)")
        #expect(text.contains("07:01  Reminder b  claimed, not run yet\n"), "\(text)")
        let markdown = try fixture.traqt(["summary", "--markdown", "--now", Self.now]).stdout
        #expect(markdown.contains("| 07:00 | Reminder a | started at 07:05, no outcome |"), "\(markdown)")
        let json = try fixture.traqt(["summary", "--json", "--now", Self.now]).stdout
        #expect(json.contains(#""status":"started","firedAt":"2026-11-30T07:05:00-05:00","lateSeconds":300}"#), "\(json)")
        #expect(json.contains(#""time":"07:01","scheduledAt":"2026-11-30T07:01:00-05:00","status":"claimed"}"#), "\(json)")
        let week = try fixture.traqt(["summary", "--week", "--now", Self.now]).stdout
        #expect(week.contains("07:00  ? Reminder a"), "\(week)")
        #expect(week.contains("07:01  ~ Reminder b"), "\(week)")
        #expect(week.hasSuffix("? started  ~ claimed\n"), "\(week)")

        // Hours later, beyond any grace: the claimed ones still run, once; a never again.
        let next = try fixture.traqt(["due", "--json", "--now", "2026-11-30T10:00"] + Self.logging(to: log))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try jsonLines(next.stdout).map { $0["id"] as? String } == ["b", "c"])
        #expect(try jsonLines(next.stdout).first?["lateSeconds"] as? Int == 10_740)
        #expect(Self.read(log) == "a\nb\nc\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T10:00") == ["a": "started", "b": "fired", "c": "fired"])
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T10:01"] + Self.logging(to: log)).status == 0)
        #expect(Self.read(log) == "a\nb\nc\n")
    }

    @Test("claims older than the 90 days of records still run, and are not pruned before")
    func oldClaims() throws {
        let fixture = try Self.fixture()
        let log = fixture.directory.file("log")
        try Self.killedRun(fixture, log: log)
        let next = try fixture.traqt(["due", "--quiet", "--now", "2027-03-15T12:00"] + Self.logging(to: log))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.read(log) == "a\nb\nc\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2027-03-15T12:00") == ["a": "past", "b": "fired", "c": "fired"])
    }

    @Test("a due without --exec after a killed one fires the claimed reminders itself, once")
    func pickedUpWithoutExec() throws {
        let fixture = try Self.fixture()
        let log = fixture.directory.file("log")
        try Self.killedRun(fixture, log: log)
        let dryRun = try fixture.traqt(["due", "--dry-run", "--now", "2026-11-30T07:06"])
        #expect(dryRun.stdout == "07:01  Reminder b\n07:02  Reminder c\n")
        let next = try fixture.traqt(["due", "--now", "2026-11-30T07:06"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout == "07:01  Reminder b\n07:02  Reminder c\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T07:06") == ["a": "started", "b": "fired", "c": "fired"])
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T07:07"]).stdout == "Nothing due.\n")
    }

    @Test("many due runs at once after a killed one: each claimed reminder's command runs exactly once")
    func concurrentPickup() throws {
        let ids = ["a", "b", "c", "d", "e", "f", "g", "h"]
        let fixture = try Self.fixture(ids)
        let log = fixture.directory.file("log")
        try Self.killedRun(fixture, log: log)
        let runs = try (0..<6).map { _ in
            try RunningTraqt(["due", "--quiet", "--now", "2026-11-30T07:10"] + Self.logging(to: log),
                             database: fixture.database, environment: ReminderFixture.newYork)
        }
        for run in runs { try run.start() }
        for run in runs {
            let result = try run.wait()
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(Self.read(log).split(separator: "\n").sorted() == ids.map { Substring($0) })
    }

    @Test("a command traqt could not start (its program gone) is claimed again and runs at the next due")
    func couldNotStart() throws {
        let fixture = try Self.fixture(["a", "b"])
        let log = fixture.directory.file("log"), program = fixture.directory.file("remind")
        // The program removes itself: a's run goes through, b's cannot start.
        func install() {
            let script = "#!/bin/sh\necho \"$TRAQT_ID\" >> '\(log)'\nrm -f \"$0\"\n"
            #expect(FileManager.default.createFile(atPath: program, contents: Data(script.utf8),
                                                   attributes: [.posixPermissions: 0o755]))
        }
        install()
        let first = try fixture.traqt(["due", "--quiet", "--now", Self.now, "--exec", program])
        #expect(first.status == 1)
        #expect(first.stderr == "Error: the --exec command could not be started for 'b' (No such file or directory); left claimed, for the next due run\n")
        #expect(Self.read(log) == "a\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "fired", "b": "claimed"])
        install()
        let next = try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:06", "--exec", program])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.read(log) == "a\nb\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "fired", "b": "fired"])
    }

    @Test("a due that cannot record a command's start leaves it claimed for the next run (75)")
    func lockedBeforeStart() throws {
        let fixture = try Self.fixture(["a", "b"])
        let log = fixture.directory.file("log")
        // a's command ends once the test holds the database locked, for longer
        // than due waits. (The locker is not the command's: due ends all that
        // its command leaves running.)
        let locked = fixture.directory.file("locked")
        let script = #"echo "$TRAQT_ID" >> "$0"; while [ "$TRAQT_ID" = a ] && [ ! -e "$1" ]; do sleep 0.01; done"#
        var environment = ReminderFixture.newYork
        environment["TRAQT_BUSY_TIMEOUT"] = "300"
        let due = try RunningTraqt(["due", "--quiet", "--now", Self.now, "--exec", "/bin/sh", "-c", script, log, locked],
                                   database: fixture.database, environment: environment)
        try due.start()
        while Self.read(log).isEmpty { usleep(10_000) }
        let holder = try LockHolder(database: fixture.database)
        _ = FileManager.default.createFile(atPath: locked, contents: nil)
        let result = try due.wait()
        holder.release()
        #expect(result.status == 75, "\(result.stderr)")
        #expect(Self.read(log) == "a\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "started", "b": "claimed"])
        #expect(try fixture.traqt(["due", "--quiet", "--now", Self.now] + Self.logging(to: log)).status == 0)
        #expect(Self.read(log) == "a\nb\n")
    }
}
