#if Server
import Foundation
import Testing

/// `traqt serve` as clients meet it: a real process on a real socket, spoken
/// to by curl and by Python's http.client (for what a careless or hostile
/// client sends). Built only with the Server trait, which CI builds.
@Suite("traqt serve over a socket", .serialized)
struct ServeProcessTests {
    final class Scene {
        let scratch: TemporaryDirectory
        let database: String
        let writeToken: String

        /// A SQLite file, or a PostgreSQL database dropped when released.
        let store: TestDatabase

        init(_ backend: Backend = .sqlite) throws {
            scratch = try TemporaryDirectory()
            store = try TestDatabase(backend)
            database = store.location
            try Self.check(TraqtProcess.run(["add", "Walk dog", "--days", "daily", "--at", "23:59"], database: database))
            let added = try TraqtProcess.run(["token", "add", "ci", "--scope", "write"], database: database)
            try Self.check(added)
            writeToken = String(added.stdout.split(separator: " ").last!.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        private static func check(_ result: TraqtProcess.Result) throws {
            #expect(result.status == 0, "\(result.stderr)")
        }

        /// Tests/Oracles/http-client.py, started: its output goes to `file`.
        func startOracle(_ arguments: [String], output file: String) throws -> Process {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Oracles/http-client.py").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, arguments[0], arguments[1], writeToken] + arguments.dropFirst(2)
            _ = FileManager.default.createFile(atPath: file, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try process.run()
            return process
        }

        func oracle(_ mode: String, _ url: String, _ extra: String...) throws -> (status: String, body: String) {
            let file = scratch.file("oracle.out")
            try startOracle([mode, url] + extra, output: file).waitUntilExit()
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(lines.first ?? ""), lines.count > 1 ? String(lines[1]) : "")
        }
    }

    @Test("curl reads with a token, is refused without one, writes, and the log names no token; SIGTERM exits 0")
    func curl() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let auth = ["--header", "Authorization: Bearer \(scene.writeToken)"]

        let today = try Curl.send(auth + [server.url + "/v1/today"])
        #expect(today.status == 200)
        #expect(today.headers["content-type"] == "application/json")
        let cli = try TraqtProcess.run(["today", "--json"], database: scene.database)
        #expect(today.body == cli.stdout)

        let refused = try Curl.send([server.url + "/v1/today"])
        #expect(refused.status == 401)
        #expect(refused.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(refused.headers["content-type"] == "application/problem+json")

        let put = try Curl.send(auth + ["--request", "PUT", "--header", "Content-Type: application/json",
                                        "--data", #"{"name":"Gym","days":"mon-fri","time":"18:00"}"#, server.url + "/v1/activities/gym"])
        #expect(put.status == 201, "\(put.body)")
        #expect(try TraqtProcess.run(["list", "--json"], database: scene.database).stdout.contains(#""id":"gym""#))
        let head = try Curl.send(auth + ["--head", server.url + "/v1/activities"])
        #expect(head.status == 200)
        // libmicrohttpd leaves the escapes: a %2F stays inside the id, and a query's %26 inside its value.
        let slashed = try Curl.send(auth + ["--request", "PUT", "--header", "Content-Type: application/json",
                                            "--data", #"{"name":"Slashed","days":"mon","time":"18:00"}"#,
                                            server.url + "/v1/activities/a%2Fb"])
        #expect(slashed.status == 201, "\(slashed.body)")
        #expect(try Curl.send(auth + [server.url + "/v1/activities/a%2Fb"]).body.contains("Slashed"))
        let badDate = try Curl.send(auth + [server.url + "/v1/summary?date=2026%2D03%2D09%26x"])
        #expect(badDate.body.contains("2026-03-09&x"), "\(badDate.body)")

        #expect(server.stop() == 0)
        let log = server.log
        #expect(log.contains("GET /v1/today 200 "))
        #expect(log.contains("GET /v1/today 401 "))
        #expect(log.contains("PUT /v1/activities/gym 201 "))
        #expect(!log.contains(scene.writeToken))
        #expect(!log.contains("Gym\""))
        #expect(log.contains("stopped"))
    }

    @Test("headers over 16 KiB get 431, a body announced over 1 MiB 413 before it is sent, a chunked one over it 413, a 33rd connection from one address is closed; the server goes on serving")
    func limits() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let headers = try scene.oracle("headers", server.url, "20")
        #expect(headers.status == "431", "\(headers)")
        #expect(try scene.oracle("headers", server.url, "12").status == "200")
        let announced = try scene.oracle("big-length", server.url)
        #expect(announced.status == "413", "\(announced)")
        #expect(announced.body.contains(#""reason":"too-large""#))
        let chunkedOver = try scene.oracle("chunked-over", server.url)
        #expect(chunkedOver.status == "413", "\(chunkedOver)")
        let chunked = try scene.oracle("chunked", server.url, #"{"name":"Chunked","days":"mon","time":"09:00"}"#)
        #expect(chunked.status == "201", "\(chunked)")
        // 40 connections from one address: 32 are served, the others closed as they are accepted.
        #expect(try scene.oracle("connections", server.url, "40").status == "32")
        let badLength = try scene.oracle("bad-length", server.url)
        // libmicrohttpd refuses it itself, before the program sees a request.
        #expect(badLength.status == "400", "\(badLength)")
        #expect(try Curl.send(["--header", "Authorization: Bearer \(scene.writeToken)", server.url + "/v1/today"]).status == 200)
        let listed = try TraqtProcess.run(["list", "--json"], database: scene.database).stdout
        #expect(listed.contains(#""id":"chunked""#))
        #expect(!listed.contains(#""id":"big""#))
        #expect(server.stop() == 0)
    }

    @Test("256 connections are served besides the event streams: with 40 streams and 256 requests held open, the next request gets 503; the server goes on serving")
    func connectionLimit() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let crowd = try scene.oracle("crowd", server.url, "40", "260")
        #expect(crowd.status == "streams=40 streams-busy=0 ok=256 busy=4", "\(crowd)")
        // Each of those four was closed after its 503; with the crowd gone, all is served again.
        #expect(try Curl.send(["--header", "Authorization: Bearer \(scene.writeToken)", server.url + "/v1/today"]).status == 200)
        #expect(server.stop() == 0)
    }

    @Test("at most 1,024 event streams: the 1,025th gets 503, and a plain request is still answered")
    func streamLimit() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let crowd = try scene.oracle("crowd", server.url, "1025", "1")
        #expect(crowd.status == "streams=1024 streams-busy=1 ok=1 busy=0", "\(crowd)")
        #expect(server.stop() == 0)
    }

    @Test("it listens on IPv6 and on several addresses at once; a taken port exits 69 naming it")
    func listening() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database, arguments: ["--listen", "[::1]:0", "--listen", "127.0.0.1:0"])
        #expect(server.url.hasPrefix("http://[::1]:"), "\(server.url)")
        #expect(server.log.components(separatedBy: "listening on").count == 3)
        #expect(try Curl.send(["--header", "Authorization: Bearer \(scene.writeToken)", server.url + "/v1/live"]).status == 200)
        let port = server.url.split(separator: ":").last!
        let taken = try TraqtProcess.run(["serve", "--listen", "[::1]:\(port)"], database: scene.database)
        #expect(taken.status == 69)
        #expect(taken.stderr.contains("cannot listen on [::1]:\(port)"), "\(taken.stderr)")
        #expect(server.stop() == 0)
    }

    @Test("the event stream sends the snapshot, then a watch --json object for a commit of another process; Last-Event-ID resumes; SIGTERM ends it")
    func events() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let client = try EventStreamClient(server.url, token: scene.writeToken)
        #expect(client.waitFor(events: 1), "\(client.text)")
        let added = Date()
        try #require(TraqtProcess.run(["add", "Stretch", "--days", "daily", "--at", "23:58"], database: scene.database).status == 0)
        #expect(client.waitFor(events: 2), "\(client.text)")
        // The issue asks for 1 s; a loaded machine gets some slack.
        #expect(Date().timeIntervalSince(added) < 5)
        let events = client.events
        #expect(events[1].data.contains(#""id":"stretch""#))
        #expect(events[0].id != events[1].id)
        // The same object watch --json prints (its clock aside).
        let watch = try JSONSerialization.jsonObject(with: Data(events[1].data.utf8)) as? [String: Any]
        #expect(watch?["pending"] is [Any] && watch?["live"] is [Any])

        // Resuming with the current id sends nothing until the next change; with an old one, the snapshot at once.
        let current = try EventStreamClient(server.url, token: scene.writeToken, lastEventID: events[1].id)
        let old = try EventStreamClient(server.url, token: scene.writeToken, lastEventID: events[0].id)
        #expect(old.waitFor(events: 1))
        #expect(old.events.first?.id == events[1].id)
        usleep(300_000)
        #expect(current.events.isEmpty, "\(current.text)")
        try #require(TraqtProcess.run(["remove", "stretch"], database: scene.database).status == 0)
        #expect(current.waitFor(events: 1), "\(current.text)")

        let refused = try Curl.send([server.url + "/v1/events"])
        #expect(refused.status == 401)
        let stopped = Date()
        #expect(server.stop() == 0)
        #expect(Date().timeIntervalSince(stopped) < 5)
        client.process.waitUntilExit()
        #expect(client.process.terminationStatus == 0, "curl ends cleanly when the stream ends")
    }

    @Test("a standard output whose reader went away does not stop the event stream (watch ends on it; the server does not write there)")
    func eventsWithOutputGone() throws {
        let scene = try Scene()
        let output = Pipe()
        let server = try ServerProcess(database: scene.database, output: output.fileHandleForWriting)
        try output.fileHandleForWriting.close()
        try output.fileHandleForReading.close()
        let client = try EventStreamClient(server.url, token: scene.writeToken)
        #expect(client.waitFor(events: 1), "\(client.text)")
        try #require(TraqtProcess.run(["add", "Stretch", "--days", "daily", "--at", "23:58"], database: scene.database).status == 0)
        #expect(client.waitFor(events: 2), "\(client.text) \(server.log)")
        #expect(!server.log.contains("watching again"), "\(server.log)")
        #expect(server.stop() == 0)
    }

    @Test("a stream client that goes away while its stream sleeps is let go at once, not at the next heartbeat")
    func streamClientGone() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let client = try EventStreamClient(server.url, token: scene.writeToken)
        #expect(client.waitFor(events: 1), "\(client.text)")
        usleep(200_000)  // asleep now: nothing more to send
        #expect(!server.log.contains("GET /v1/events "))
        // SIGKILL: curl started here may have SIGTERM blocked, as the test runner does.
        kill(client.process.processIdentifier, SIGKILL)
        let gone = Date()
        while !server.log.contains("GET /v1/events 200 ") && Date().timeIntervalSince(gone) < 10 { usleep(20_000) }
        // The heartbeat comes every 15 s; the hangup is seen within milliseconds.
        #expect(Date().timeIntervalSince(gone) < 3, "\(server.log)")
        #expect(server.stop() == 0)
    }

    @Test("a sender of a byte every half second is cut with 408 about 10 s after it began, and the server goes on serving")
    func slowloris() throws {
        let scene = try Scene()
        let server = try ServerProcess(database: scene.database)
        let slow = try scene.oracle("slow", server.url)
        #expect(slow.status == "HTTP/1.1 408 Request Timeout", "\(slow)")
        let seconds = Double(slow.body.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(seconds >= 9.5 && seconds < 20, "\(slow)")
        #expect(try Curl.send(["--header", "Authorization: Bearer \(scene.writeToken)", server.url + "/v1/today"]).status == 200)
        #expect(server.stop() == 0)
    }

    @Test("two servers on one store, one stopped under writes: every write answered 2xx is there, every other whole or absent",
          arguments: Backend.all)
    func shutdownUnderLoad(_ backend: Backend) throws {
        let scene = try Scene(backend)
        let first = try ServerProcess(database: scene.database), second = try ServerProcess(database: scene.database)
        let count = 2000
        let output = scene.scratch.file("acknowledged")
        let writers = try scene.startOracle(["writers", first.url + "," + second.url, String(count)], output: output)
        // Stopped while the writers run: the first requests are in by now.
        usleep(300_000)
        #expect(first.stop() == 0)
        writers.waitUntilExit()
        #expect(second.stop() == 0)
        let acknowledged = Set(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(acknowledged.count > 0 && acknowledged.count < count, "\(acknowledged.count) of \(count) acknowledged")

        let listed = try TraqtProcess.run(["list", "--json"], database: scene.database)
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        var stored: [String: [String: Any]] = [:]
        for row in rows { if let id = row["id"] as? String { stored[id] = row } }
        for id in acknowledged { #expect(stored[id] != nil, "\(id) was answered 2xx but is not stored") }
        for (id, row) in stored where id.hasPrefix("w-") {
            let index = Int(id.dropFirst(2))!
            #expect(row["name"] as? String == "Writer \(index)")
            #expect(row["timeOfDay"] as? Int == (index / 60 % 24) * 60 + index % 60)
        }
        #expect(try scene.store.integrityCheck() == "ok")
    }

    @Test("under systemd's socket activation it answers on the socket systemd passed, not on --listen")
    func socketActivation() throws {
        let scene = try Scene()
        // A free port: bound, read and let go (systemd-socket-activate binds it again).
        let probe = try ServerProcess(database: scene.database)
        let port = String(probe.url.split(separator: ":").last!)
        #expect(probe.stop() == 0)
        // One shell runs it all: Foundation's Process did not notice curl's end
        // while a child that systemd-socket-activate had exec'd was running.
        let run = try runShell("""
            systemd-socket-activate --listen 127.0.0.1:\(port) "$TRAQT" --db "$TRAQT_DB" serve --listen 127.0.0.1:1 2>"$LOG" &
            activated=$!
            status=000
            for _ in $(seq 200); do
              status=$(curl --silent --output /dev/null --write-out '%{http_code}' --max-time 5 \\
                --header "Authorization: Bearer \(scene.writeToken)" http://127.0.0.1:\(port)/v1/today) && break
              sleep 0.05
            done
            echo "status $status"
            kill -TERM $activated
            wait $activated
            echo "exit $?"
            """, database: scene.database, environment: ["LOG": scene.scratch.file("activated.log"), "PATH": "/usr/bin:/bin"])
        #expect(run.output.contains("status 200"), "\(run.output)")
        #expect(run.output.contains("exit 0"), "\(run.output)")
        let text = try String(contentsOfFile: scene.scratch.file("activated.log"), encoding: .utf8)
        #expect(text.contains("listening on http://127.0.0.1:\(port)"), "\(text)")
        #expect(!text.contains("127.0.0.1:1\n"))
    }

    @Test("with --tls-cert and --tls-key it serves HTTPS that curl verifies; one without the other exits 78")
    func tls() throws {
        let scene = try Scene()
        let certificate = scene.scratch.file("cert.pem"), key = scene.scratch.file("key.pem")
        let made = try runShell("""
            openssl req -x509 -newkey rsa:2048 -nodes -keyout "\(key)" -out "\(certificate)" -days 1 \\
              -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null && echo made
            """, database: nil)
        try #require(made.output.contains("made"))
        let server = try ServerProcess(database: scene.database, arguments: [
            "--listen", "127.0.0.1:0", "--tls-cert", certificate, "--tls-key", key, "--threads", "4"])
        #expect(server.url.hasPrefix("https://127.0.0.1:"), "\(server.url)")
        let answer = try Curl.send(["--cacert", certificate, "--header", "Authorization: Bearer \(scene.writeToken)",
                                    server.url + "/v1/today"])
        #expect(answer.status == 200)
        #expect(throws: (any Error).self) { try Curl.send([server.url.replacingOccurrences(of: "https", with: "http") + "/v1/today"]) }
        #expect(server.stop() == 0)
        let half = try TraqtProcess.run(["serve", "--tls-cert", certificate], database: scene.database)
        #expect(half.status == 78)
        #expect(half.stderr.contains("--tls-cert and --tls-key go together"))
    }
}
#endif
