import Foundation
import Testing
@testable import TraqtCore

/// API tokens: their scopes, names, topics and expiry, and the store that makes,
/// lists, revokes and authorizes them (on a SQLite file; the engine-independent
/// cases run on every engine in TraqtCLITests).
@Suite("API tokens")
struct APITokenTests {
    private let now = Instant(seconds: 1_796_000_000)

    @Test("read allows read; write allows read and write; push allows push alone")
    func scopes() {
        let allowed = APIScope.allCases.flatMap { scope in APIScope.allCases.filter(scope.allows).map { "\(scope)>\($0)" } }
        #expect(allowed == ["read>read", "write>read", "write>write", "push>push"])
    }

    @Test("a token expires at the second its expiry names, not before; one without never does")
    func expiry() {
        let token = APIToken(name: "ci", scope: .read, topic: nil, createdAt: now, expiresAt: Instant(seconds: now.seconds + 60))
        #expect(!token.isExpired(at: Instant(seconds: now.seconds + 59)))
        #expect(token.isExpired(at: Instant(seconds: now.seconds + 60)))
        #expect(token.isExpired(at: Instant(seconds: now.seconds + 61)))
        #expect(!APIToken(name: "ci", scope: .read, topic: nil, createdAt: now, expiresAt: nil).isExpired(at: Instant(seconds: .max)))
    }

    @Test("names are 1 to 64 of A-Z a-z 0-9 . _ -, topics 1 to 255 of A-Z a-z 0-9 . -")
    func namesAndTopics() {
        for good in ["a", "CI_bot-2.0", String(repeating: "x", count: 64)] { #expect(throws: Never.self) { try APIToken.validate(name: good) } }
        for bad in ["", " ", "a b", "a/b", "é", "a\n", String(repeating: "x", count: 65), "tok'en"] {
            #expect(throws: APITokenError.invalidName(bad)) { try APIToken.validate(name: bad) }
        }
        for good in ["com.example.app", "A-1", String(repeating: "x", count: 255)] {
            #expect(throws: Never.self) { try APIToken.validate(topic: good) }
        }
        for bad in ["", "com.example_app", "com example", String(repeating: "x", count: 256)] {
            #expect(throws: APITokenError.invalidTopic(bad)) { try APIToken.validate(topic: bad) }
        }
        #expect(APITokenError.invalidName("x y").reason == .invalidArgument && APITokenError.invalidName("").exitCode == .usage)
        #expect(APITokenError.nameTaken("ci").reason == .idTaken && APITokenError.nameTaken("ci").reason.httpStatus == 409)
        #expect(APITokenError.unknownName("ci").exitCode == .dataError && APITokenError.unknownName("ci").reason.httpStatus == 404)
        #expect(APITokenError.nameTaken("ci").userMessage == "an API token named 'ci' already exists; nothing was changed")
    }

    @Test("a secret is tqt_ and 64 lowercase hex digits, new each time; only its SHA-256 is stored")
    func add() throws {
        try withStore { store, path in
            let (token, secret) = try store.addAPIToken(name: "ci", scope: .write, topic: "com.example.app",
                                                       expiresAt: nil, now: now)
            #expect(token == APIToken(name: "ci", scope: .write, topic: "com.example.app", createdAt: now, expiresAt: nil))
            #expect(secret.hasPrefix("tqt_") && secret.utf8.count == 68)
            #expect(APITokenSecret.isWellFormed(secret))
            #expect(try store.apiTokens() == [token])
            let secrets = try (0..<50).map { try store.addAPIToken(name: "t\($0)", scope: .read, topic: nil, expiresAt: nil, now: now).secret }
            #expect(Set(secrets + [secret]).count == 51)
            let connection = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMilliseconds: 1000)
            let select = try connection.prepare("SELECT secret_sha256 FROM api_token WHERE name = 'ci'")
            #expect(try select.step() && select.string(at: 0) == SHA256.hex(Array(secret.utf8)))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.range(of: Data(secret.dropFirst(4).utf8)) == nil)
        }
    }

    @Test("authorizing finds the token of a secret until it expires or is revoked; a malformed one is nil")
    func authorize() throws {
        try withStore { store, _ in
            let expiry = Instant(seconds: now.seconds + 3600)
            let (token, secret) = try store.addAPIToken(name: "push-1", scope: .push, topic: nil, expiresAt: expiry, now: now)
            #expect(try store.apiToken(authorizing: secret, now: now) == token)
            #expect(try store.apiToken(authorizing: secret, now: Instant(seconds: expiry.seconds - 1)) == token)
            #expect(try store.apiToken(authorizing: secret, now: expiry) == nil)
            let hex = secret.dropFirst(4)
            var other = Array(secret.utf8)
            other[other.count - 1] = other.last == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            for bad in ["", "tqt_", String(hex), "TQT_" + hex, "tqt_" + hex.uppercased(), secret + "0", String(secret.dropLast()),
                        " " + secret, secret + "\n", "tqx_" + hex, String(decoding: other, as: UTF8.self)] {
                #expect(try store.apiToken(authorizing: bad, now: now) == nil, "\(bad)")
            }
            try store.revokeAPIToken(name: "push-1")
            #expect(try store.apiToken(authorizing: secret, now: now) == nil)
            #expect(try store.apiTokens() == [])
            #expect(throws: APITokenError.unknownName("push-1")) { try store.revokeAPIToken(name: "push-1") }
        }
    }

    @Test("a taken name, or a bad name or topic, is refused and changes nothing")
    func refusals() throws {
        try withStore { store, path in
            let (first, _) = try store.addAPIToken(name: "ci", scope: .read, topic: nil, expiresAt: nil, now: now)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: APITokenError.nameTaken("ci")) {
                try store.addAPIToken(name: "ci", scope: .write, topic: nil, expiresAt: nil, now: now)
            }
            #expect(throws: APITokenError.invalidName("c i")) {
                try store.addAPIToken(name: "c i", scope: .write, topic: nil, expiresAt: nil, now: now)
            }
            #expect(throws: APITokenError.invalidTopic("a_b")) {
                try store.addAPIToken(name: "other", scope: .push, topic: "a_b", expiresAt: nil, now: now)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try store.apiTokens() == [first])
        }
    }

    @Test("a missing database lists no tokens, authorizes nothing, and is not created")
    func missing() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/none.sqlite"
            let store = try ActivityStore.openForReading(.sqlite(path))
            #expect(try store.apiTokens() == [])
            #expect(try store.apiToken(authorizing: "tqt_" + String(repeating: "0", count: 64), now: now) == nil)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a row another program wrote with a bad scope, name, topic or digest is refused, by list and by lookup")
    func foreignRows() throws {
        try withStore { store, path in
            let (_, secret) = try store.addAPIToken(name: "ci", scope: .read, topic: nil, expiresAt: nil, now: now)
            let digest = SHA256.hex(Array(secret.utf8))
            let rows = [
                ("scope = 'admin'", "the scope is not read, write or push"),
                ("name = 'c i'", "the name is not 1 to 64"),
                ("topic = 'a_b'", "the topic is not a bundle id"),
                ("created_at = 1796000000000000", "a time is outside 1970 to 9999"),
            ]
            for (change, detail) in rows {
                let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
                // The CHECK on scope is what another program could drop or ignore.
                try connection.execute("PRAGMA ignore_check_constraints = ON; UPDATE api_token SET \(change)")
                for read in [{ _ = try store.apiTokens() }, { _ = try store.apiToken(authorizing: secret, now: now) }] {
                    let error = try #require(throws: StoreError.self) { try read() }
                    #expect(error.reason == .invalidRow && "\(error)".contains(detail), "\(error)")
                }
                try connection.execute("DELETE FROM api_token")
                try connection.execute("INSERT INTO api_token VALUES ('ci', 'read', NULL, '\(digest)', 1796000000, NULL)")
            }
            #expect(try store.apiToken(authorizing: secret, now: now)?.name == "ci")
            // A digest that is not lowercase hex cannot be matched by a lookup, but is refused by list.
            let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
            try connection.execute("UPDATE api_token SET secret_sha256 = upper(secret_sha256)")
            let error = try #require(throws: StoreError.self) { try store.apiTokens() }
            #expect("\(error)".contains("secret_sha256 is not 64 lowercase hex digits"))
            #expect(try store.apiToken(authorizing: secret, now: now) == nil)
        }
    }
}
