import Foundation
import Testing

#if Postgres
/// What only a server has: a connection that is refused, a login refused, a
/// lock held by another host, a connection lost, a restart while writing.
@Suite("PostgreSQL: the server's own failures")
struct PostgresTests {
    private func traqt(_ arguments: [String], _ database: String, environment: [String: String] = [:]) throws -> TraqtProcess.Result {
        try TraqtProcess.run(arguments, database: database, environment: environment)
    }

    @Test("69: a server that refuses the connection, or a database that does not exist")
    func unreachable() throws {
        for location in ["postgresql://traqt@127.0.0.1:1/traqt_test", try TestDatabase.uri(database: "no_such_database")] {
            for command in [["list"], ["add", "X", "--days", "mon", "--at", "7"], ["due"]] {
                let result = try traqt(command, location)
                #expect(result.status == 69, "\(command) on \(location): \(result.stderr)")
                #expect(result.stderr.hasPrefix("Error: cannot reach the database"))
                #expect(!result.stderr.contains("\n\t"))
            }
        }
    }

    @Test("77: a login refused; the password never shows in a message")
    func loginRefused() throws {
        let tcp = try #require(ProcessInfo.processInfo.environment["TRAQT_TEST_POSTGRES_TCP"])
        let wrong = tcp.replacingOccurrences(of: "traqt@", with: "traqt:not-the-password@")
        let result = try traqt(["list"], wrong)
        #expect(result.status == 77)
        #expect(result.stderr.contains("password authentication failed"))
        #expect(!result.stderr.contains("not-the-password"))
        #expect(result.stderr.contains("traqt:***@"))

        // The right password, from a .pgpass file as libpq reads it.
        let password = try #require(ProcessInfo.processInfo.environment["TRAQT_TEST_POSTGRES_PASSWORD"])
        let scratch = try TemporaryDirectory()
        let pgpass = scratch.file("pgpass")
        try "*:*:*:traqt:\(password)\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        #expect(chmod(pgpass, 0o600) == 0)
        let allowed = try traqt(["list"], tcp, environment: ["PGPASSFILE": pgpass])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test("75: another host holds the write lock past TRAQT_BUSY_TIMEOUT; 74: the connection is lost mid-command")
    func lockedAndLost() throws {
        let database = try TestDatabase(.postgres)
        #expect(try traqt(["add", "Seed", "--days", "daily", "--at", "7"], database.location).status == 0)
        // A psql session of another host takes traqt's write lock and keeps it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        holder.arguments = [database.location, "-X", "-q", "-c",
                            "BEGIN; SELECT pg_advisory_xact_lock(\(0x7472_7174)); SELECT pg_sleep(30); COMMIT;"]
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        // Wait until the lock is really held.
        for _ in 0..<100 {
            if try TestDatabase.psql(database.location, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") != "0" { break }
            usleep(50_000)
        }
        let busy = try traqt(["add", "B", "--days", "mon", "--at", "8"], database.location, environment: ["TRAQT_BUSY_TIMEOUT": "300"])
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(busy.stderr.contains("still locked"))

        // A writer waiting for the lock whose server process is terminated.
        let waiting = try RunningTraqt(["add", "C", "--days", "mon", "--at", "9"], database: database.location)
        try waiting.start()
        for _ in 0..<100 {
            if try TestDatabase.psql(database.location, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") != "0" { break }
            usleep(50_000)
        }
        try TestDatabase.psql(database.location, """
            SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
            """)
        let lost = try waiting.wait()
        #expect(lost.status == 74, "\(lost.stderr)")
        #expect(lost.stderr.contains("connection was lost"))
        let list = try traqt(["list", "--json"], database.location)
        #expect(!list.stdout.contains("\"C\""))
    }

    @Test("65: a schema 'traqt' of another program; 78: a newer schema; both left as they were")
    func foreignAndNewer() throws {
        let foreign = try TestDatabase(.postgres)
        try TestDatabase.psql(foreign.location, "CREATE SCHEMA traqt; CREATE TABLE traqt.other (x int)")
        for command in [["list"], ["add", "X", "--days", "mon", "--at", "7"]] {
            let result = try traqt(command, foreign.location)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("belongs to another program"))
        }
        #expect(try TestDatabase.psql(foreign.location, "SELECT count(*) FROM pg_tables WHERE schemaname = 'traqt'") == "1")

        let newer = try TestDatabase(.postgres)
        #expect(try traqt(["add", "X", "--days", "mon", "--at", "7"], newer.location).status == 0)
        try TestDatabase.psql(newer.location, "UPDATE traqt.meta SET version = 999")
        for command in [["list"], ["add", "Y", "--days", "mon", "--at", "7"], ["due"], ["summary"]] {
            let result = try traqt(command, newer.location)
            #expect(result.status == 78, "\(command): \(result.stderr)")
        }
    }

    @Test("reads never create the schema; a missing one reads as empty")
    func readsCreateNothing() throws {
        let database = try TestDatabase(.postgres)
        for command in [["list"], ["today"], ["summary"], ["live", "list"], ["export"], ["due"]] {
            let result = try traqt(command, database.location)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try TestDatabase.psql(database.location, "SELECT count(*) FROM pg_namespace WHERE nspname = 'traqt'") == "0")
    }

    /// A restart ends every connection to the server, so this test has a
    /// server of its own: the other tests' connections are not dropped.
    @Test("the server restarted while a writer loops: each command succeeds or fails cleanly, nothing half-written")
    func restartWhileWriting() throws {
        let withPostgres = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/with-postgres").path
        // The script runs beside the private server, which it finds in its environment.
        let script = """
            set -u
            export TRAQT_DB="$TRAQT_TEST_POSTGRES"
            ( sleep 0.5; $TRAQT_TEST_POSTGRES_RESTART </dev/null >/dev/null 2>&1 && echo restarted || echo "unclean restart: $?" ) &
            for i in $(seq 1 150); do
              "$TRAQT" add "Loop $i" --days daily --at 07:00 --id "loop-$i" >/dev/null 2>&1
              case $? in
                0) echo "ok $i" ;;
                69|74|75) ;;
                *) echo "unclean $i: $?" ;;
              esac
            done
            wait
            echo "listed $("$TRAQT" list --json | tr -d "\n")"  # JSON holds no raw line break
            # What TestDatabase.integrityCheck asks, on this server before it goes.
            psql -X -q -t -A "$TRAQT_DB" -c "CREATE EXTENSION IF NOT EXISTS amcheck"
            echo "indexes checked $(psql -X -q -t -A "$TRAQT_DB" -c "SELECT count(bt_index_check(c.oid, true)) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'traqt'::regnamespace AND c.relam = (SELECT oid FROM pg_am WHERE amname = 'btree')")"
            echo "duplicates $(psql -X -q -t -A "$TRAQT_DB" -c "SELECT count(*) - count(DISTINCT id) FROM traqt.activity")"
            """
        let result = try runShell(#"exec "$WITH_POSTGRES" bash -c "$SCRIPT""#, database: nil,
                                  environment: ["WITH_POSTGRES": withPostgres, "SCRIPT": script])
        #expect(result.status == 0)
        #expect(!result.output.contains("unclean"), "\(result.output)")
        #expect(result.output.contains("restarted\n"), "\(result.output)")
        // Every add that said it saved is there, and no other.
        let lines = result.output.split(separator: "\n")
        let saved = Set(lines.compactMap { $0.hasPrefix("ok ") ? "loop-" + $0.dropFirst(3) : nil })
        let listed = try #require(lines.first { $0.hasPrefix("listed ") }).dropFirst("listed ".count)
        let ids = try #require(JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(Set(ids) == saved)
        #expect(saved.count > 0 && saved.count <= 150)
        #expect(lines.contains("duplicates 0"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("indexes checked ") && $0 != "indexes checked 0" }, "\(result.output)")
    }
}
#else
/// A build without the Postgres trait says how to get one.
@Suite("PostgreSQL: a build without it")
struct PostgresAbsentTests {
    @Test("a PostgreSQL URI exits 69 and says how to build a traqt that has it", arguments: [
        "postgresql://user@host/db", "postgres://user:secret@host/db",
    ])
    func notBuilt(location: String) throws {
        let result = try TraqtProcess.run(["list"], database: location)
        #expect(result.status == 69)
        #expect(result.stderr.contains("built without PostgreSQL"))
        #expect(result.stderr.contains("--traits Postgres"))
        #expect(!result.stderr.contains("secret"))
    }
}
#endif
