import Foundation
import Testing
import TraqtCore

/// `traqt token add|list|revoke`: the API tokens `traqt serve` authorizes by,
/// checked through the command line and the store's lookup, on every engine
/// the build has where the engine does not matter.
@Suite("API token commands")
struct TokenCommandTests {
    static let now = ["--now", "2026-11-30T12:00"]

    /// The secret `token add` printed: its last word.
    private func secret(_ output: String) throws -> String {
        try #require(output.split(whereSeparator: { $0 == " " || $0 == "\n" }).last.map(String.init))
    }

    private func store(_ database: TestDatabase) throws -> ActivityStore {
        try ActivityStore.openForReading(DatabaseLocation(database.location))
    }

    private func instant(_ text: String) throws -> Instant {
        try Instant.parse(text, today: { LocalDateTime.current() })
    }

    @Test("add prints a secret that authorizes its token, and that list never shows", arguments: Backend.all)
    func addAuthorizeList(backend: Backend) throws {
        let fixture = try LiveFixture(activity: false, backend: backend)
        let output = try fixture.succeed(["token", "add", "ci.bot_1", "--scope", "write"] + Self.now)
        let secret = try secret(output)
        #expect(output == "added token ci.bot_1 (write): \(secret)\n")
        #expect(secret.hasPrefix("tqt_") && secret.utf8.count == 68)
        let token = try #require(try store(fixture.store).apiToken(authorizing: secret, now: instant("2026-11-30T12:00Z")))
        #expect(token.name == "ci.bot_1" && token.scope == .write && token.topic == nil && token.expiresAt == nil)
        #expect(token.createdAt == (try instant("2026-11-30T12:00Z")))

        let json = try fixture.succeed(["token", "add", "pusher", "--scope", "push", "--topic", "com.example.app", "--json"] + Self.now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Array(object.keys).sorted() == ["createdAt", "expiresAt", "name", "scope", "token", "topic"])
        #expect(object["topic"] as? String == "com.example.app" && object["expiresAt"] is NSNull)
        #expect(object["createdAt"] as? String == "2026-11-30T12:00:00+00:00")
        let pushSecret = try #require(object["token"] as? String)
        #expect(try store(fixture.store).apiToken(authorizing: pushSecret, now: instant("2026-11-30T12:00Z"))?.scope == .push)

        let listed = try fixture.succeed(["token", "list"] + Self.now)
        #expect(listed == """
            NAME      SCOPE  TOPIC            CREATED           EXPIRES
            ci.bot_1  write  -                2026-11-30 12:00  never
            pusher    push   com.example.app  2026-11-30 12:00  never

            """)
        let listedJSON = try fixture.succeed(["token", "list", "--json"] + Self.now)
        for text in [listed, listedJSON] {
            #expect(!text.contains(secret.dropFirst(4)) && !text.contains(pushSecret.dropFirst(4)))
        }
        let array = try #require(try JSONSerialization.jsonObject(with: Data(listedJSON.utf8)) as? [[String: Any]])
        #expect(array.map { Set($0.keys) } == Array(repeating: ["name", "scope", "topic", "createdAt", "expiresAt", "expired"], count: 2))
        #expect(array.compactMap { $0["name"] as? String } == ["ci.bot_1", "pusher"])
        #expect(array.allSatisfy { $0["expired"] as? Bool == false })
    }

    @Test("only the SHA-256 of the secret is in the file: the sqlite3 shell finds it, and the secret is nowhere")
    func storedDigest() throws {
        let fixture = try LiveFixture(activity: false)
        let secret = try secret(try fixture.succeed(["token", "add", "ci", "--scope", "read"] + Self.now))
        let digest = SHA256.hex(Array(secret.utf8))
        #expect(try sqliteShell("SELECT name, scope FROM api_token WHERE secret_sha256 = '\(digest)'", on: fixture.database)
            == "ci|read\n")
        let hex = Data(secret.dropFirst(4).utf8)
        for file in [fixture.database, fixture.database + "-wal", fixture.database + "-journal"]
        where FileManager.default.fileExists(atPath: file) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).range(of: hex) == nil, "\(file)")
        }
    }

    @Test("a taken name exits 65 and leaves the database byte for byte as it was")
    func duplicate() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["token", "add", "ci", "--scope", "read"] + Self.now)
        let before = try fixture.bytes()
        let again = try fixture.traqt(["token", "add", "ci", "--scope", "write"] + Self.now)
        #expect(again.status == 65 && again.stdout.isEmpty)
        #expect(again.stderr == "Error: an API token named 'ci' already exists; nothing was changed\n")
        #expect(try fixture.bytes() == before)
    }

    @Test("a bad name, scope, topic or duration exits 64 and creates no database",
          arguments: [
              ["token", "add", "c i", "--scope", "read"], ["token", "add", "", "--scope", "read"],
              ["token", "add", String(repeating: "x", count: 65), "--scope", "read"], ["token", "add", "ci", "--scope", "admin"],
              ["token", "add", "ci"], ["token", "add", "ci", "--scope", "push", "--topic", "com.example_app"],
              ["token", "add", "ci", "--scope", "push", "--topic", ""], ["token", "add", "ci", "--scope", "read", "--expires", "5"],
              ["token", "revoke", "c/i"],
          ])
    func refused(arguments: [String]) throws {
        let fixture = try LiveFixture(activity: false)
        let result = try fixture.traqt(arguments + Self.now)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.hasPrefix("Error: "))
        #expect(!FileManager.default.fileExists(atPath: fixture.database))
    }

    @Test("revoke ends a token at once; revoking an unknown one exits 65 naming it", arguments: Backend.all)
    func revoke(backend: Backend) throws {
        let fixture = try LiveFixture(activity: false, backend: backend)
        let secret = try secret(try fixture.succeed(["token", "add", "ci", "--scope", "read"] + Self.now))
        #expect(try fixture.succeed(["token", "revoke", "ci"]) == "revoked token ci\n")
        #expect(try store(fixture.store).apiToken(authorizing: secret, now: instant("2026-11-30T12:00Z")) == nil)
        #expect(try fixture.succeed(["token", "list"]) == "No API tokens.\n")
        #expect(try fixture.succeed(["token", "list", "--json"]) == "[]\n")
        let unknown = try fixture.traqt(["token", "revoke", "ci"])
        #expect(unknown.status == 65 && unknown.stderr == "Error: no API token named 'ci'; nothing was changed\n")
    }

    @Test("--expires counts from now; the token stops authorizing at that second and is listed as expired",
          arguments: Backend.all)
    func expiry(backend: Backend) throws {
        let fixture = try LiveFixture(activity: false, backend: backend)
        let output = try fixture.succeed(["token", "add", "ci", "--scope", "push", "--topic", "com.example.app",
                                          "--expires", "1h30m"] + Self.now)
        #expect(output.hasPrefix("added token ci (push, topic com.example.app, expires 2026-11-30 13:30): tqt_"))
        let secret = try secret(output)
        let store = try store(fixture.store)
        #expect(try store.apiToken(authorizing: secret, now: instant("2026-11-30T13:29:59Z"))?.name == "ci")
        #expect(try store.apiToken(authorizing: secret, now: instant("2026-11-30T13:30:00Z")) == nil)
        #expect(try fixture.succeed(["token", "list", "--now", "2026-11-30T13:29"]).hasSuffix("2026-11-30 13:30\n"))
        #expect(try fixture.succeed(["token", "list", "--now", "2026-11-30T13:30"]).hasSuffix("2026-11-30 13:30 expired\n"))
        let json = try fixture.succeed(["token", "list", "--json", "--now", "2026-11-30T13:30"])
        #expect(json.contains(#""expiresAt":"2026-11-30T13:30:00+00:00","expired":true}"#))
    }

    @Test("list on a missing database prints none and creates nothing; add creates it")
    func missingDatabase() throws {
        let fixture = try LiveFixture(activity: false)
        #expect(try fixture.succeed(["token", "list"]) == "No API tokens.\n")
        #expect(try fixture.traqt(["token", "revoke", "ci"]).status == 65)
        #expect(!FileManager.default.fileExists(atPath: fixture.database))
        try fixture.succeed(["token", "add", "ci", "--scope", "read"])
        #expect(try fixture.store.schemaVersion() == ActivityStore.schemaVersion)
    }
}
