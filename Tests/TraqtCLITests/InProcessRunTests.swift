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
