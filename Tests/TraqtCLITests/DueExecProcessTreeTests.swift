import Foundation
import Testing

/// `due --exec` and the processes around its commands: nothing a command
/// leaves running outlives it, not even in a session of its own; a SIGTERM,
/// SIGINT or SIGHUP to `due` reaches the running command, whose outcome is
/// recorded, and leaves the later reminders claimed for the next `due`.
@Suite("due --exec and the process tree")
struct DueExecProcessTreeTests {
    static let now = DueExecFaultTests.now

    /// The pids written one a line to `path`.
    static func pids(in path: String) -> [Int32] {
        DueExecFaultTests.read(path).split(separator: "\n").compactMap { Int32($0) }
    }

    @Test("what a command leaves running ends with it: in its group, in a session of its own, or below one", arguments: [
        // Left when it overran --timeout.
        (#"setsid sleep 301 & echo $! > "$0"; sleep 60"#, "1s", "failed", 1.0),
        // Left when it ended at once, of itself.
        (#"setsid sleep 301 & echo $! > "$0""#, "60s", "fired", 0.0),
        (#"sleep 301 & echo $! > "$0""#, "60s", "fired", 0.0),
        // A grandchild in a new session, whose parent outlives the command.
        (#"setsid sh -c 'sleep 301 & echo $! > "$0"; wait' "$0" & while [ ! -s "$0" ]; do sleep 0.01; done"#, "60s", "fired", 0.0),
        // One that ignores SIGTERM gets SIGKILL after the grace of 2 s.
        (#"trap '' TERM; setsid sleep 301 & echo $! > "$0""#, "60s", "fired", 2.0),
    ])
    func leftovers(script: String, timeout: String, status: String, minimum: Double) async throws {
        let fixture = try DueExecFaultTests.fixture(["a"])
        let pidFile = fixture.directory.file("pids")
        // Timed on the waiting thread: the task may resume later than the run ends.
        let (result, elapsed) = try await offThePool {
            let started = Date()
            let result = try fixture.traqt(["due", "--quiet", "--now", Self.now, "--timeout", timeout,
                                            "--exec", "/bin/sh", "-c", script, pidFile])
            return (result, Date().timeIntervalSince(started))
        }
        let left = Self.pids(in: pidFile)
        defer { for pid in left where !DueExecFaultTests.isGone(pid) { kill(pid, SIGKILL) } }
        #expect(result.status == (status == "fired" ? 0 : 1), "\(result.stderr)")
        #expect(left.count == 1)
        for pid in left { #expect(DueExecFaultTests.isGone(pid), "process \(pid) still runs") }
        #expect(elapsed >= minimum && elapsed < minimum + 5, "\(elapsed) s")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": status])
    }

    /// A command for `a` that traps `signal` (logging it, then exit 3), sends
    /// it to `due` and sleeps; the other reminders' commands log their id.
    static func signalling(_ signal: String, log: String) -> [String] {
        let script = #"echo "$TRAQT_ID" >> "$0"; if [ "$TRAQT_ID" = a ]; then "#
            + #"trap 'echo "a got \#(signal)" >> "$0"; exit 3' \#(signal); kill -\#(signal) "$PPID"; sleep 5; fi"#
        return ["--exec", "/bin/sh", "-c", script, log]
    }

    @Test("a signal to due reaches its running command, whose outcome is recorded; due then ends as the signal would; the rest run at the next due", arguments: [
        ("TERM", Int32(143)), ("INT", Int32(130)), ("HUP", Int32(129)),
    ])
    func stoppingSignal(name: String, status: Int32) throws {
        let fixture = try DueExecFaultTests.fixture()
        let log = fixture.directory.file("log")
        let result = try DueExecFaultTests.runRedirected(fixture, ["due", "--now", Self.now] + Self.signalling(name, log: log),
                                                         redirect: "")
        #expect(result.status == status, "\(result.stderr)")
        #expect(DueExecFaultTests.read(log) == "a\na got \(name)\n")
        #expect(result.stderr.contains("'a' exited with status 3; recorded as failed"), "\(result.stderr)")
        #expect(result.stderr.contains("Error: stopped by SIG\(name); 2 reminders left claimed, for the next due run\n"),
                "\(result.stderr)")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "failed", "b": "claimed", "c": "claimed"])

        let next = try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:06"] + DueExecFaultTests.logging(to: log))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(DueExecFaultTests.read(log) == "a\na got \(name)\nb\nc\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T07:06") == ["a": "failed", "b": "fired", "c": "fired"])
    }

    @Test("a command that ignores the signal passed on runs to its end, within its --timeout, and counts as it ended")
    func signalIgnored() throws {
        let fixture = try DueExecFaultTests.fixture(["a", "b"])
        let log = fixture.directory.file("log")
        let script = #"if [ "$TRAQT_ID" = a ]; then trap '' TERM; kill -TERM "$PPID"; sleep 0.5; fi; echo "$TRAQT_ID" >> "$0""#
        let result = try DueExecFaultTests.runRedirected(fixture, ["due", "--now", Self.now, "--timeout", "5s",
                                                                   "--exec", "/bin/sh", "-c", script, log], redirect: "")
        #expect(result.status == 143, "\(result.stderr)")
        #expect(result.stderr == "Error: stopped by SIGTERM; 1 reminder left claimed, for the next due run\n")
        #expect(DueExecFaultTests.read(log) == "a\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "fired", "b": "claimed"])
    }

    @Test("a SIGHUP ignored when due starts (nohup) stays ignored: it stops nothing")
    func hangUpIgnored() throws {
        let fixture = try DueExecFaultTests.fixture(["a", "b"])
        let log = fixture.directory.file("log")
        let script = #"kill -HUP "$PPID"; echo "$TRAQT_ID" >> "$0""#
        let errors = fixture.directory.file("stderr")
        let result = try runShell(#"trap '' HUP; "$TRAQT" due --now \#(Self.now) --exec /bin/sh -c '\#(script)' '\#(log)' 2>'\#(errors)'; echo $?"#,
                                  database: fixture.database, environment: ReminderFixture.newYork)
        #expect(result.output == "0\n", "\(DueExecFaultTests.read(errors))")
        #expect(DueExecFaultTests.read(log) == "a\nb\n")
        #expect(try fixture.statuses(date: "2026-11-30", now: Self.now) == ["a": "fired", "b": "fired"])
    }
}
