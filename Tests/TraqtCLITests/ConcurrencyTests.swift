import Foundation
import Testing
import TraqtCore

/// Many real processes on one database file at once.
@Suite("many processes at once")
struct ConcurrencyTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("shared/traqt.sqlite")
    }

    private func count() throws -> Int {
        let output = try TraqtProcess.run(["list", "--json"], database: database).stdout
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any]).count
    }

    private func integrityCheck() throws -> String {
        let connection = try SQLiteConnection(path: database, mode: .readOnly, busyTimeoutMilliseconds: 5000)
        let statement = try connection.prepare("PRAGMA integrity_check")
        try statement.step()
        return statement.string(at: 0)
    }

    @Test("8 writers x 100 adds with distinct ids: exactly 800 records, every process exits 0")
    func parallelWriters() throws {
        let result = try runShell("""
            failures=0
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 1 100); do
                  "$TRAQT" add "Task $p-$i" --days daily --at 07:00 --id "p$p-$i" >/dev/null || echo "fail p$p-$i"
                done ) &
            done
            wait
            """, database: database)
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failed adds: \(result.output)")
        #expect(try count() == 800)
        #expect(try integrityCheck() == "ok")
    }

    @Test("16 processes creating the same new database at the same moment all succeed", arguments: 1...3)
    func concurrentCreation(round: Int) throws {
        // Every process blocks opening a FIFO until the script opens it for
        // writing: they are released together.
        let result = try runShell("""
            gate="$(dirname "$TRAQT_DB")/gate"
            mkdir -p "$(dirname "$TRAQT_DB")" && mkfifo "$gate"
            for p in $(seq 1 16); do
              ( exec 3<"$gate"; "$TRAQT" add "Created by $p" --days daily --at 08:00 >/dev/null 2>"$gate.err.$p" || echo "fail $p: $(cat "$gate.err.$p")" ) &
            done
            exec 4>"$gate"; sleep 0.05; exec 4>&-
            wait
            """, database: database)
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failed: \(result.output)")
        #expect(try count() == 16)
        #expect(try integrityCheck() == "ok")
        let connection = try SQLiteConnection(path: database, mode: .readOnly, busyTimeoutMilliseconds: 5000)
        #expect(try connection.integer("PRAGMA user_version") == ActivityStore.schemaVersion)
    }

    @Test("readers running alongside writers never fail and always see whole JSON")
    func readersAlongsideWriters() throws {
        let result = try runShell("""
            "$TRAQT" add Seed --days daily --at 00:00 >/dev/null
            for p in 1 2 3 4; do
              ( for i in $(seq 1 60); do
                  "$TRAQT" add "W $p-$i" --days weekdays --at 12:00 --id "w$p-$i" >/dev/null || echo "writer fail"
                done ) &
              writers="${writers:-} $!"
            done
            for r in 1 2 3; do
              ( n=0
                while [ $n -lt 80 ]; do
                  out=$("$TRAQT" list --json) || { echo "list fail"; continue; }
                  case "$out" in "["*"]") ;; *) echo "torn list output";; esac
                  "$TRAQT" today --now 2026-11-30T06:00 >/dev/null || echo "today fail"
                  "$TRAQT" export >/dev/null || echo "export fail"
                  n=$((n+1))
                done ) &
            done
            wait
            """, database: database)
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "failures: \(result.output)")
        #expect(try count() == 241)
        #expect(try integrityCheck() == "ok")
    }

    @Test("an import killed with SIGKILL mid-transaction leaves nothing or everything", arguments: 1...3)
    func killedImport(round: Int) throws {
        let seeded = try TraqtProcess.run(["add", "Seed", "--days", "daily", "--at", "00:00"], database: database)
        #expect(seeded.status == 0)
        let file = directory.file("big.json")
        let records = 40_000
        try bulkJSON(count: records, prefix: "round\(round)").write(toFile: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = TraqtProcess.executable
        process.arguments = ["import", file]
        process.environment = TraqtProcess.environment(database: database)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The journal appears once the transaction starts changing pages: kill then.
        let journal = database + "-journal"
        while process.isRunning && !FileManager.default.fileExists(atPath: journal) { usleep(200) }
        usleep(UInt32.random(in: 0...3_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // The next reader rolls back the journal the killed writer left behind.
        let remaining = try count()
        #expect(remaining == 1 || remaining == records + 1, "a partial import survived: \(remaining) rows")
        #expect(try integrityCheck() == "ok")
    }
}
