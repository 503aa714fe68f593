import Foundation
import HTTPServer
import Testing
@testable import TraqtCLI
import TraqtCore

/// What `traqt serve` refuses before it listens, and the server's answer when
/// the store stays locked: in-process, in every build.
@Suite("traqt serve: refusals")
struct ServeRefusalTests {
    @Test("a bad --threads exits 64 and --tls-cert without --tls-key 78, before anything listens")
    func badOptions() throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.file("t.sqlite")
        for threads in ["0", "65", "two"] {
            let run = try InProcessTraqt.run(["serve", "--threads", threads], database: database)
            #expect(run.status == 64, "\(threads): \(run.stderr)")
            #expect(run.stderr.contains("--threads"))
        }
        let half = try InProcessTraqt.run(["serve", "--tls-cert", scratch.file("cert.pem")], database: database)
        #expect(half.status == 78)
        #expect(half.stderr.contains("--tls-cert and --tls-key go together"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    #if !Server
    @Test("a build without the server says how to build one, and exits 69")
    func notBuiltIn() throws {
        let scratch = try TemporaryDirectory()
        let run = try InProcessTraqt.run(["serve"], database: scratch.file("t.sqlite"))
        #expect(run.status == 69)
        #expect(run.stderr.contains("--traits Server"))
    }
    #endif

    @Test("a database locked past the busy timeout is 503 with Retry-After, and the write is not made")
    func busy() throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.file("t.sqlite")
        let store = try ActivityStore.openForWriting(.sqlite(database), createIfMissing: true)
        let secret = try store.addAPIToken(name: "ci", scope: .write, topic: nil, expiresAt: nil, now: Instant.now()).secret
        let dispatcher = APIDispatcher(service: APIService(location: .sqlite(database), busyTimeoutMilliseconds: 100,
                                                           allowAnonymousRead: false))
        let request = HTTPRequest(method: "PUT", path: "/v1/activities/gym",
                                  headers: [("Authorization", "Bearer \(secret)"), ("Content-Type", "application/json")],
                                  body: Array(#"{"name":"Gym","days":"mon","time":"18:00"}"#.utf8))
        let lock = try LockHolder(database: database)
        let answer = dispatcher.answer(request)
        lock.release()
        #expect(answer.status == 503)
        #expect(answer.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(String(decoding: answer.body, as: UTF8.self).contains(#""reason":"busy""#))
        #expect(try store.activity(id: "gym") == nil)
        #expect(dispatcher.answer(request).status == 201)
    }
}
