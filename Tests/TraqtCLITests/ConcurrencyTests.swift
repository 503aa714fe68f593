import Foundation
import Testing
import TraqtCore

/// Many real processes on one database at once, on every engine. The loops
/// are a quarter of the stress run's by default; `scripts/stress` (which CI
/// runs) sets TRAQT_STRESS_SCALE=4 for 800 writes and more.
@Suite("many processes at once")
struct ConcurrencyTests {
    static let scale = ProcessInfo.processInfo.environment["TRAQT_STRESS_SCALE"].flatMap(Int.init) ?? 1

    private func count(_ database: TestDatabase) throws -> Int {
        let output = try InProcessTraqt.run(["list", "--json"], database: database.location).stdout
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any]).count
    }

    @Test("8 writers x 25 adds (x scale) with distinct ids: exactly that many records, every process exits 0",
          arguments: Backend.all)
    func parallelWriters(backend: Backend) async throws {
        let db = try TestDatabase(backend)
        let database = db.location
        let adds = 25 * Self.scale
        let result = try await offThePool { try runShell("""
            failures=0
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 1 \(adds)); do
                  "$TRAQT" add "Task $p-$i" --days daily --at 07:00 --id "p$p-$i" >/dev/null || echo "fail p$p-$i"
                done ) &
            done
            wait
            """, database: database) }
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failed adds: \(result.output)")
        #expect(try count(db) == 8 * adds)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test("16 processes creating the same new database (or schema) at the same moment all succeed",
          arguments: Backend.all, 1...3)
    func concurrentCreation(backend: Backend, round: Int) async throws {
        let db = try TestDatabase(backend)
        let database = db.location
        // Every process blocks opening a FIFO until the script opens it for
        // writing: they are released together.
        let result = try await offThePool { try runShell("""
            gate="$SCRATCH/gate"
            mkdir -p "$SCRATCH" && mkfifo "$gate"
            for p in $(seq 1 16); do
              ( exec 3<"$gate"; "$TRAQT" add "Created by $p" --days daily --at 08:00 >/dev/null 2>"$gate.err.$p" || echo "fail $p: $(cat "$gate.err.$p")" ) &
            done
            exec 4>"$gate"; sleep 0.05; exec 4>&-
            wait
            """, database: database, environment: ["SCRATCH": db.file("scratch")]) }
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failed: \(result.output)")
        #expect(try count(db) == 16)
        #expect(try db.integrityCheck() == "ok")
        #expect(try db.schemaVersion() == ActivityStore.schemaVersion)
    }

    @Test("readers running alongside writers never fail and always see whole JSON", arguments: Backend.all)
    func readersAlongsideWriters(backend: Backend) async throws {
        let db = try TestDatabase(backend)
        let database = db.location
        let writes = 15 * Self.scale, reads = 20 * Self.scale
        let result = try await offThePool { try runShell("""
            "$TRAQT" add Seed --days daily --at 00:00 >/dev/null
            for p in 1 2 3 4; do
              ( for i in $(seq 1 \(writes)); do
                  "$TRAQT" add "W $p-$i" --days weekdays --at 12:00 --id "w$p-$i" >/dev/null || echo "writer fail"
                done ) &
              writers="${writers:-} $!"
            done
            for r in 1 2 3; do
              ( n=0
                while [ $n -lt \(reads) ]; do
                  out=$("$TRAQT" list --json) || { echo "list fail"; continue; }
                  case "$out" in "["*"]") ;; *) echo "torn list output";; esac
                  "$TRAQT" today --now 2026-11-30T06:00 >/dev/null || echo "today fail"
                  "$TRAQT" export >/dev/null || echo "export fail"
                  n=$((n+1))
                done ) &
            done
            wait
            """, database: database) }
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failures: \(result.output)")
        #expect(try count(db) == 4 * writes + 1)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test("an import killed with SIGKILL mid-transaction leaves nothing or everything", arguments: Backend.all, 1...3)
    func killedImport(backend: Backend, round: Int) throws {
        let db = try TestDatabase(backend)
        let database = db.location
        let seeded = try InProcessTraqt.run(["add", "Seed", "--days", "daily", "--at", "00:00"], database: database)
        #expect(seeded.status == 0)
        let file = db.file("big.json")
        let records = 40_000
        try bulkJSON(count: records, prefix: "round\(round)").write(toFile: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = TraqtProcess.executable
        process.arguments = ["import", file]
        process.environment = TraqtProcess.environment(database: database)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        switch backend {
        case .sqlite:
            // The journal appears once the transaction starts changing pages: kill then.
            let journal = database + "-journal"
            while process.isRunning && !FileManager.default.fileExists(atPath: journal) { usleep(200) }
            usleep(UInt32.random(in: 0...3_000))
        case .postgres:
            // The server has no file to watch: kill somewhere in the import's second.
            usleep(UInt32.random(in: 50_000...400_000))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // The next reader rolls back the journal the killed writer left behind
        // (the server rolls back a transaction whose client died).
        let remaining = try count(db)
        #expect(remaining == 1 || remaining == records + 1, "a partial import survived: \(remaining) rows")
        #expect(try db.integrityCheck() == "ok")
    }
}
