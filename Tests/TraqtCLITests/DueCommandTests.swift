import Foundation
import Testing

@Suite("traqt due: each reminder fires exactly once")
struct DueCommandTests {
    @Test("10 due processes started together: each occurrence is fired by exactly one of them", arguments: Backend.all)
    func concurrentRuns(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        let ids = ["a", "b", "c", "d", "e"]
        for (index, id) in ids.enumerated() {
            try fixture.add("Reminder \(id)", id: id, at: "07:\(10 + index * 10)")
        }
        let runs = try (0..<10).map { _ in
            try RunningTraqt(["due", "--json", "--now", "2026-11-30T08:00"], database: fixture.database,
                             environment: ReminderFixture.newYork)
        }
        // Everything is prepared first so that the processes really start together.
        for run in runs { try run.start() }
        let results = try runs.map { try $0.wait() }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }

        let fired = try results.flatMap { try jsonLines($0.stdout) }
        // 07:10 is 50 minutes late, 07:50 is 10: all within the default hour of grace.
        #expect(fired.map { $0["id"] as! String }.sorted() == ids)
        let printers = results.filter { !$0.stdout.isEmpty }.count
        #expect(printers >= 1)

        // A later run, and any run afterwards, finds nothing left to fire.
        #expect(try fixture.due(now: "2026-11-30T08:00").fired.isEmpty)
    }

    @Test("re-running at the same time, later, or with the clock set back fires nothing new", arguments: Backend.all)
    func rerunFiresNothing(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        let first = try fixture.due(now: "2026-11-30T07:30:20")
        #expect(first.status == 0)
        #expect(first.fired.map { $0["id"] as! String } == ["walk-dog"])
        #expect(first.fired.first?["lateSeconds"] as? Int == 20)

        for now in ["2026-11-30T07:30:20", "2026-11-30T07:45", "2026-11-30T08:29",
                    "2026-11-30T07:29", "2026-11-30T07:30", "2026-11-30T06:00"] {
            let rerun = try fixture.due(now: now)
            #expect(rerun.status == 0)
            #expect(rerun.fired.isEmpty, "fired again at \(now)")
        }
        // Text mode says so; --quiet says nothing.
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T07:31"]).stdout == "Nothing due.\n")
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:31"]).stdout.isEmpty)
        // The next day's occurrence is a new one.
        #expect(try fixture.due(now: "2026-12-01T07:30").fired.count == 1)
    }

    @Test("text output: one line per fired reminder, by time", arguments: Backend.all)
    func textOutput(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Tea", id: "tea", at: "07:15")
        let result = try fixture.traqt(["due", "--now", "2026-11-30T07:40"])
        #expect(result.status == 0)
        #expect(result.stdout == "07:15  Tea\n07:30  Walk dog\n")
    }

    @Test("late within grace fires once with its lateSeconds; beyond grace it is missed, never fired", arguments: Backend.all)
    func graceBoundary(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("On the edge", id: "edge", at: "07:00")
        try fixture.add("Too late", id: "late", at: "06:59")
        // The first run starts the record well before both.
        #expect(try fixture.due(now: "2026-11-30T05:00").fired.isEmpty)

        // 07:00 is exactly 15 minutes late: inclusive. 06:59 is one minute more.
        let run = try fixture.due(now: "2026-11-30T07:15", ["--grace", "15m"])
        #expect(run.status == 0)
        #expect(run.fired.count == 1)
        #expect(run.fired.first?["id"] as? String == "edge")
        #expect(run.fired.first?["lateSeconds"] as? Int == 900)
        #expect(run.fired.first?["scheduledAt"] as? String == "2026-11-30T07:00:00-05:00")
        #expect(run.fired.first?["firedAt"] as? String == "2026-11-30T07:15:00-05:00")

        // A later run with a wider grace does not fire what was missed.
        #expect(try fixture.due(now: "2026-11-30T07:16", ["--grace", "2h"]).fired.isEmpty)
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T07:20")
                == ["edge": "fired", "late": "missed"])
        let text = try fixture.traqt(["summary", "--now", "2026-11-30T07:20"]).stdout
        #expect(text.contains("06:59  Too late     missed"))
        #expect(text.contains("07:00  On the edge  fired at 07:15 (15m late)"))
    }

    @Test("a machine that slept: what passed beyond grace is missed, the rest fires", arguments: Backend.all)
    func afterSleep(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Breakfast", id: "breakfast", at: "08:00")
        try fixture.add("Lunch", id: "lunch", at: "12:00")
        #expect(try fixture.due(now: "2026-11-30T07:00").fired.isEmpty)
        // Asleep from 07:00 to 12:30.
        let run = try fixture.due(now: "2026-11-30T12:30")
        #expect(run.fired.map { $0["id"] as! String } == ["lunch"])
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T12:30")
                == ["breakfast": "missed", "lunch": "fired"])
    }

    @Test("occurrences do not depend on when the activity was added: one added late still fires within grace", arguments: Backend.all)
    func addedAfterItsTime(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Early bird", id: "early", at: "06:00")
        #expect(try fixture.due(now: "2026-11-30T07:39").fired.isEmpty)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        let run = try fixture.due(now: "2026-11-30T07:41")
        #expect(run.fired.map { $0["id"] as! String } == ["walk-dog"])
        #expect(run.fired.first?["lateSeconds"] as? Int == 660)
    }

    @Test("the first due run on a database fires only within grace; older occurrences are past, not missed", arguments: Backend.all)
    func firstRun(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Early", id: "early", at: "06:00")
        try fixture.add("Recent", id: "recent", at: "07:45")
        try fixture.add("Later", id: "later", at: "09:00")
        let run = try fixture.due(now: "2026-11-30T08:00")
        #expect(run.fired.map { $0["id"] as! String } == ["recent"])
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T08:00")
                == ["early": "past", "recent": "fired", "later": "pending"])
        // The earlier day is before anything was known.
        #expect(try fixture.statuses(date: "2026-11-29", now: "2026-11-30T08:00").values.allSatisfy { $0 == "past" })
    }

    @Test("America/New_York spring forward: 02:30 on 2026-03-08 is not due at 01:59 and fires at 03:00", arguments: Backend.all)
    func springForward(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("In the gap", id: "gap", days: "sun", at: "02:30")
        let before = try fixture.traqt(["due", "--now", "2026-03-08T01:59"])
        #expect(before.status == 0)
        #expect(before.stdout == "Nothing due.\n")

        let run = try fixture.due(now: "2026-03-08T03:00")
        #expect(run.fired.count == 1)
        #expect(run.fired.first?["scheduledAt"] as? String == "2026-03-08T03:00:00-04:00")
        #expect(run.fired.first?["lateSeconds"] as? Int == 0)
        #expect(try fixture.due(now: "2026-03-08T03:30").fired.isEmpty)
    }

    @Test("America/New_York fall back: 01:30 on 2026-11-01 fires at 01:30-04:00 and not again at 01:30-05:00", arguments: Backend.all)
    func fallBack(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Repeated hour", id: "repeat", days: "sun", at: "01:30")
        let first = try fixture.due(now: "2026-11-01T01:30-04:00")
        #expect(first.fired.count == 1)
        #expect(first.fired.first?["scheduledAt"] as? String == "2026-11-01T01:30:00-04:00")
        #expect(first.fired.first?["firedAt"] as? String == "2026-11-01T01:30:00-04:00")
        #expect(try fixture.due(now: "2026-11-01T01:30-05:00").fired.isEmpty)
        #expect(try fixture.due(now: "2026-11-01T01:59-05:00").fired.isEmpty)
    }

    @Test("a bare local --now in the repeated hour is its first occurrence", arguments: Backend.all)
    func bareLocalNowInRepeatedHour(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Repeated hour", id: "repeat", days: "sun", at: "01:30")
        let run = try fixture.due(now: "2026-11-01T01:30")
        #expect(run.fired.first?["firedAt"] as? String == "2026-11-01T01:30:00-04:00")
        #expect(run.fired.first?["lateSeconds"] as? Int == 0)
    }

    @Test("pruning old records never lets an occurrence fire again", arguments: Backend.all)
    func pruningKeepsAtMostOnce(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        #expect(try fixture.due(now: "2026-06-01T07:30").fired.count == 1)
        // 100 days later the June record is pruned ...
        #expect(try fixture.due(now: "2026-09-09T07:30").fired.count == 1)
        #expect(try fixture.statuses(date: "2026-06-01", now: "2026-09-09T08:00") == ["walk-dog": "past"])
        // ... and a clock set back to June still does not fire it again.
        #expect(try fixture.due(now: "2026-06-01T07:30").fired.isEmpty)
        #expect(try fixture.due(now: "2026-06-01T07:45").fired.isEmpty)
    }

    @Test("--exec gets the environment and the JSON on stdin, with no shell in between")
    func execEnvironmentAndInput() throws {
        let fixture = try ReminderFixture()
        let name = #"Tea; $(touch pwned) `touch pwned2` "double" 'single' & | > x"#
        try fixture.add(name, id: "tea", at: "07:00")
        let stdinFile = fixture.directory.file("stdin.json")
        let envFile = fixture.directory.file("env.txt")
        let argsFile = fixture.directory.file("args.txt")
        // The script is the test's own; what matters is that traqt hands over its
        // argv as is, including words a shell would interpret.
        let script = #"cat > "$1"; env > "$2"; printf '%s\n' "$3" "$4" > "$5""#
        let result = try fixture.traqt([
            "due", "--now", "2026-11-30T07:02", "--exec", "/bin/sh", "-c", script, "sh",
            stdinFile, envFile, "a; $(touch pwned3)", "'quoted' \"twice\"", argsFile,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The command is the notification: nothing printed for it.
        #expect(result.stdout == "")

        let input = try String(contentsOfFile: stdinFile, encoding: .utf8)
        let object = try #require(try jsonLines(input).first)
        #expect(object["name"] as? String == name)
        #expect(object["id"] as? String == "tea")
        #expect(object["lateSeconds"] as? Int == 120)
        #expect(object["scheduledAt"] as? String == "2026-11-30T07:00:00-05:00")

        let environment = try String(contentsOfFile: envFile, encoding: .utf8)
        #expect(environment.contains("TRAQT_ID=tea\n"))
        #expect(environment.contains("TRAQT_NAME=\(name)\n"))
        #expect(environment.contains("TRAQT_TIME=07:00\n"))
        #expect(environment.contains("TRAQT_SCHEDULED_AT=2026-11-30T07:00:00-05:00\n"))
        #expect(environment.contains("TZ=America/New_York\n"))
        #expect(try String(contentsOfFile: argsFile, encoding: .utf8) == "a; $(touch pwned3)\n'quoted' \"twice\"\n")

        for file in ["pwned", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.directory.file(file)))
            #expect(!FileManager.default.fileExists(atPath: file))
        }
    }

    @Test("--exec runs once per fired reminder and never for one already fired", arguments: Backend.all)
    func execAtMostOnce(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("One", id: "one", at: "07:00")
        try fixture.add("Two", id: "two", at: "07:05")
        let log = fixture.directory.file("log")
        let exec = ["--exec", "/bin/sh", "-c", #"echo "$TRAQT_ID" >> "$0""#, log]
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:10"] + exec).status == 0)
        #expect(try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:11"] + exec).status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "one\ntwo\n")
    }

    @Test("a failing --exec command gives exit 1, is shown as failed, and is not run again", arguments: Backend.all)
    func execFailure(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Fails", id: "fails", at: "07:00")
        try fixture.add("Works", id: "works", at: "07:01")
        let script = #"test "$TRAQT_ID" != fails || exit 3"#
        let result = try fixture.traqt(["due", "--now", "2026-11-30T07:05", "--exec", "/bin/sh", "-c", script])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("'fails' exited with status 3"))

        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T07:10") == ["fails": "failed", "works": "fired"])
        let text = try fixture.traqt(["summary", "--now", "2026-11-30T07:10"]).stdout
        #expect(text.contains("07:00  Fails  failed at 07:05 (exit 3)"))

        let again = try fixture.traqt(["due", "--now", "2026-11-30T07:06", "--exec", "/bin/sh", "-c", "exit 3"])
        #expect(again.status == 0)
        #expect(again.stdout == "")
        #expect(again.stderr == "")
    }

    @Test("a command that never reads its input does not hold up due")
    func execIgnoringInput() throws {
        let fixture = try ReminderFixture()
        // The longest name there may be.
        try fixture.add(String(repeating: "N", count: 1024), id: "long", at: "07:00")
        let result = try fixture.traqt(["due", "--json", "--now", "2026-11-30T07:00", "--exec", "/bin/true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonLines(result.stdout).map { $0["id"] as? String } == ["long"])
    }

    @Test("a command that cannot run is a usage error before anything is claimed", arguments: [
        (["traqt-no-such-command"], "was not found in PATH"),
        (["/nonexistent/cmd"], "does not exist"),
        (["plain-file"], "is not executable"),
        (["/usr/bin"], "is not a regular file"),
        (["--json"], "is an option, not a command"),
    ])
    func execNotRunnable(command: [String], message: String) throws {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:00")
        // A file that is there but not executable, named by its path.
        let plain = fixture.directory.file("plain-file")
        #expect(FileManager.default.createFile(atPath: plain, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644]))
        let words = command.map { $0 == "plain-file" ? plain : $0 }
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        let result = try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T07:00", "--exec"] + words)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was claimed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
        // The reminder is still there for a run with a working command.
        let log = fixture.directory.file("log")
        let next = try fixture.traqt(["due", "--now", "2026-11-30T07:01", "--exec", "/bin/sh", "-c", #"echo "$TRAQT_ID" > "$0""#, log])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "walk-dog\n")
    }

    @Test("missed reminders are reported on standard error, unless --quiet", arguments: Backend.all)
    func missedOnStandardError(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Standup", id: "standup", at: "09:15")
        try fixture.add("Tea", id: "tea", at: "11:00")
        // The first run starts the record; the next, hours later, finds 09:15 missed.
        #expect(try fixture.traqt(["due", "--now", "2026-11-30T09:00"]).stdout == "Nothing due.\n")
        let later = try fixture.traqt(["due", "--now", "2026-11-30T11:05"])
        #expect(later.status == 0)
        #expect(later.stdout == "11:00  Tea\n")
        #expect(later.stderr == "missed 09:15 Standup\n")

        try fixture.add("Gym", id: "gym", at: "13:00")
        let quiet = try fixture.traqt(["due", "--quiet", "--now", "2026-11-30T15:00"])
        #expect(quiet.stdout == "")
        #expect(quiet.stderr == "")
        #expect(try fixture.statuses(date: "2026-11-30", now: "2026-11-30T15:00")["gym"] == "missed")
    }

    @Test("hosts in different zones on one database: each date fires once, where its time comes first",
          arguments: Backend.all)
    func zonesShareOneRecord(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Standup", id: "standup", at: "09:00")
        func due(_ zone: String, _ now: String) throws -> [String] {
            let result = try InProcessTraqt.run(["due", "--json", "--now", now], database: fixture.database,
                                              environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            return try jsonLines(result.stdout).compactMap { $0["scheduledAt"] as? String }
        }
        // Berlin reaches 09:00 on the 30th first and fires it; New York's 09:00
        // of the same date finds it fired. The next date, the same.
        #expect(try due("Europe/Berlin", "2026-11-30T09:00") == ["2026-11-30T09:00:00+01:00"])
        #expect(try due("America/New_York", "2026-11-30T09:00").isEmpty)
        #expect(try due("Europe/Berlin", "2026-12-01T09:05") == ["2026-12-01T09:00:00+01:00"])
        #expect(try due("America/New_York", "2026-12-01T09:05").isEmpty)
    }

    @Test("--grace 0 fires only at the minute itself", arguments: Backend.all)
    func zeroGrace(backend: Backend) throws {
        let fixture = try ReminderFixture(backend)
        try fixture.add("Tea", id: "tea", at: "07:00")
        #expect(try fixture.due(now: "2026-11-30T07:00", ["--grace", "0"]).fired.map { $0["id"] as? String } == ["tea"])
        try fixture.add("Walk", id: "walk", at: "07:01")
        let late = try fixture.due(now: "2026-11-30T07:02", ["--grace", "0"])
        #expect(late.fired.isEmpty)
        #expect(late.stderr == "missed 07:01 Walk\n")
    }

    @Test("--dry-run says what would fire and be missed, and writes nothing, even with a --now in the future")
    func dryRun() throws {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("Standup", id: "standup", days: "weekdays", at: "09:15")
        let untouched = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        // The first run on a database: nothing is recorded yet, not even the ledger.
        let first = try fixture.traqt(["due", "--dry-run", "--now", "2026-11-30T07:45"])
        #expect(first.status == 0)
        #expect(first.stdout == "07:30  Walk dog\n")
        #expect(first.stderr.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == untouched)

        #expect(try fixture.due(now: "2026-11-30T07:45").fired.count == 1)
        let recorded = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        // Months ahead: everything since would be missed, the last hour would fire.
        let log = fixture.directory.file("exec.log")
        let future = try fixture.traqt(["due", "--dry-run", "--now", "2027-03-01T09:30",
                                        "--exec", "/bin/sh", "-c", #"echo ran >> "$0""#, log])
        #expect(future.status == 0)
        #expect(future.stdout == "09:15  Standup\n")
        let missed = future.stderr.split(separator: "\n")
        // Back to the retention bound, 90 days: from 2026-12-01 09:30, 90 walks and
        // 63 standups (the one at 09:15 today fires).
        #expect(missed.first == "missed 07:30 Walk dog")
        #expect(missed.count == 90 + 63)
        #expect(Set(missed) == ["missed 07:30 Walk dog", "missed 09:15 Standup"])
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == recorded)
        #expect(!FileManager.default.fileExists(atPath: fixture.database + "-journal"))
        // Nothing was claimed: the real run fires it.
        #expect(try fixture.due(now: "2027-03-01T09:30").fired.map { $0["id"] as? String } == ["standup"])
    }

    @Test("--dry-run on a database no due has upgraded yet leaves it as it was")
    func dryRunOnOldSchema() throws {
        let fixture = try ReminderFixture()
        try UpgradeTests.createVersion1(at: fixture.database)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        let result = try fixture.traqt(["due", "--dry-run", "--json", "--now", "2026-11-30T07:31"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonLines(result.stdout).map { $0["id"] as? String } == ["walk"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
    }

    @Test("a missing database: nothing due, and no file is created")
    func missingDatabase() throws {
        let fixture = try ReminderFixture()
        let result = try fixture.traqt(["due"])
        #expect(result.status == 0)
        #expect(result.stdout == "Nothing due.\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.database))
    }

    @Test("bad --now and --grace values are usage errors that change nothing", arguments: [
        ["--now", "2026-11-30T25:00"], ["--now", "tomorrow"], ["--now", "2026-11-30T07:00+25:00"],
        ["--grace", "15"], ["--grace", "soon"], ["--exec"],
    ])
    func usageErrors(arguments: [String]) throws {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:00")
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
        let result = try fixture.traqt(["due"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
    }

    @Test("due --help documents the options and exits 0")
    func help() throws {
        let result = try InProcessTraqt.run(["due", "--help"], database: nil)
        #expect(result.status == 0)
        for option in ["--now", "--grace", "--json", "--quiet", "--exec"] { #expect(result.stdout.contains(option)) }
    }
}
