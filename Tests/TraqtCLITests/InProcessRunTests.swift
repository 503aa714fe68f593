import Foundation
import Synchronization
import Testing
import TraqtCLI
import TraqtCore

/// `Tool.runInProcess` itself: what a run sees and what it captures.
@Suite("in-process runs")
struct InProcessRunTests {
    @Test("runs on many threads at once each get their own input, output, errors and environment")
    func parallelRuns() throws {
        let directory = try TemporaryDirectory()
        let count = 16
        let folder = directory.path
        let results = Mutex<[Int: (add: CapturedRun, list: CapturedRun, bad: CapturedRun)]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let environment = Environment(["TRAQT_DB": folder + "/db\(index).sqlite", "TZ": "UTC"])
            let record = #"[{"name":"Run \#(index)","days":"daily","time":"07:00","id":"run-\#(index)"}]"#
            let add = Tool.runInProcess(arguments: ["import", "-"], environment: environment, input: Array(record.utf8))
            let list = Tool.runInProcess(arguments: ["list"], environment: environment)
            let bad = Tool.runInProcess(arguments: ["list", "--bogus-\(index)"], environment: environment)
            results.withLock { $0[index] = (add, list, bad) }
        }
        let all = results.withLock { $0 }
        for index in 0..<count {
            let run = try #require(all[index])
            #expect(run.add.status == 0, "\(String(decoding: run.add.errors, as: UTF8.self))")
            #expect(run.list.status == 0)
            #expect(String(decoding: run.list.output, as: UTF8.self).contains("Run \(index)"))
            #expect(String(decoding: run.list.output, as: UTF8.self).components(separatedBy: "Run ").count == 2)
            #expect(run.bad.status == 64)
            #expect(run.bad.output.isEmpty)
            #expect(String(decoding: run.bad.errors, as: UTF8.self).contains("--bogus-\(index)"))
        }
    }

    // One instant, 12:00 UTC on a day New York keeps EST (-05:00) and Tokyo
    // JST (+09:00): each run shows it in its own TZ, however the runs interleave.
    @Test("runs on many threads at once each read local time in their own TZ")
    func parallelZones() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("traqt.sqlite")
        let noon = Instant(seconds: 1_796_040_000)
        let started = Tool.runInProcess(arguments: ["live", "start", "--id", "x"],
                                        environment: Environment(["TRAQT_DB": database, "TZ": "UTC"]), clock: { noon })
        #expect(started.status == 0)
        let zones = [("UTC", "12:00:00+00:00"), ("America/New_York", "07:00:00-05:00"),
                     ("Asia/Tokyo", "21:00:00+09:00"), ("", "12:00:00+00:00")]
        let results = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            let environment = Environment(["TRAQT_DB": database, "TZ": zones[index % zones.count].0])
            let shown = (0..<10).map { _ in
                let run = Tool.runInProcess(arguments: ["live", "list", "--json"], environment: environment, clock: { noon })
                return String(decoding: run.output, as: UTF8.self)
            }
            results.withLock { $0[index] = shown }
        }
        let all = results.withLock { $0 }
        for index in 0..<32 {
            let (zone, time) = zones[index % zones.count]
            for output in try #require(all[index]) {
                #expect(output.contains(#""startedAt":"2026-11-30T\#(time)""#), "TZ=\(zone): \(output)")
            }
        }
    }

    @Test("the clock given is the time the command reads")
    func injectedClock() throws {
        let directory = try TemporaryDirectory()
        let environment = Environment(["TRAQT_DB": directory.file("traqt.sqlite"), "TZ": "UTC"])
        let morning = try Instant.parse("2026-11-30T06:00")
        let added = Tool.runInProcess(arguments: ["add", "Walk", "--days", "daily", "--at", "07:30"],
                                      environment: environment, clock: { morning })
        #expect(added.status == 0)
        let today = Tool.runInProcess(arguments: ["today"], environment: environment, clock: { morning })
        #expect(String(decoding: today.output, as: UTF8.self) == "07:30  Walk\n")
    }
}
