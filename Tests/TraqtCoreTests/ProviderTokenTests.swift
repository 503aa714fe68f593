import Foundation
import Testing
@testable import TraqtCore

/// APNs provider tokens checked by nettle's ECDSA, against tokens and keys
/// made by PyPI's PyJWT and cryptography (Tests/Oracles/provider-tokens.py,
/// a real python3 process), as a sender on aioapns or httpx makes them.
@Suite("provider tokens (ES256 JWTs) and P-256 public keys")
struct ProviderTokenTests {
    static let now = Instant(seconds: 1_764_806_400)

    /// A fresh key and the tokens made with it.
    static func made() throws -> [String: String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Oracles/provider-tokens.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, String(now.seconds)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test("a token PyJWT signed with the key is accepted within its hour, a minute ahead at most")
    func accepted() throws {
        let made = try Self.made()
        let key = try P256PublicKey(pem: made["public"]!)
        for name in ["valid", "validFiftyNineMinutesOld", "validSecondsAhead"] {
            let token = try ProviderToken.parse(made[name]!)
            #expect(token.keyID == made["kid"] && token.teamID == made["team"], "\(name)")
            #expect(throws: Never.self, "\(name)") { try token.check(signedBy: key, team: made["team"]!, now: Self.now) }
        }
    }

    @Test("refused as APNs refuses: another key, team or algorithm, a changed claim, too old, too far ahead, no kid or iat")
    func refused() throws {
        let made = try Self.made()
        let key = try P256PublicKey(pem: made["public"]!)
        func verdict(_ name: String) -> ProviderTokenError? {
            do {
                try ProviderToken.parse(made[name]!).check(signedBy: key, team: made["team"]!, now: Self.now)
                return nil
            } catch { return error }
        }
        #expect(verdict("expired") == .expired)
        for name in ["ahead", "otherTeam", "signedByOther", "hs256", "none", "tampered", "noKid", "noIat"] {
            let refusal = verdict(name)
            #expect(refusal?.apnsReason == "InvalidProviderToken", "\(name): \(String(describing: refusal))")
        }
        // The key of another sender verifies none of this one's tokens.
        let other = try P256PublicKey(pem: made["otherPublic"]!)
        #expect(throws: ProviderTokenError.self) {
            try ProviderToken.parse(made["valid"]!).check(signedBy: other, team: made["team"]!, now: Self.now)
        }
        for text in ["", "a.b", "a.b.c.d", "!!.e30.e30", String(repeating: "A", count: 5) + ".e30.e30"] {
            #expect(throws: ProviderTokenError.self, "\(text)") { try ProviderToken.parse(text) }
        }
    }

    @Test("a PEM public key of P-256 is read; a private key, a P-384 or RSA key, or a point off the curve is refused")
    func keys() throws {
        let made = try Self.made()
        let key = try P256PublicKey(pem: made["public"]!)
        #expect(key.point.count == 65 && key.point[0] == 0x04)
        #expect(P256PublicKey(point: key.point) == key)
        #expect(throws: InvalidValue("this is a private key: give its public half only (openssl pkey -in AuthKey.p8 -pubout), which is all a check of signatures needs")) {
            try P256PublicKey(pem: made["private"]!)
        }
        for name in ["p384Public", "rsaPublic"] {
            #expect(throws: InvalidValue.self, "\(name)") { try P256PublicKey(pem: made[name]!) }
        }
        #expect(throws: InvalidValue.self) { try P256PublicKey(pem: "not a key") }
        var moved = key.point
        moved[64] ^= 1
        #expect(P256PublicKey(point: moved) == nil)
        #expect(P256PublicKey(point: Array(key.point.dropLast())) == nil)
    }

    @Test("base64 and base64url decode as RFC 4648 says, padding or not; anything else is nil")
    func base64() {
        #expect(Base64.decode(Array("Zm9vYmFy".utf8)) == Array("foobar".utf8))
        #expect(Base64.decode(Array("Zm9v\nYmE=".utf8)) == Array("fooba".utf8))
        #expect(Base64.decode(Array("Zm9vYg".utf8), url: true) == Array("foob".utf8))
        #expect(Base64.decode(Array("-_8".utf8), url: true) == [0xFB, 0xFF])
        #expect(Base64.decode(Array("+/8=".utf8)) == [0xFB, 0xFF])
        #expect(Base64.decode(Array("Zm9vY".utf8), url: true) == nil)
        #expect(Base64.decode(Array("Zm9v*".utf8)) == nil)
        #expect(Base64.decode(Array("+/8".utf8), url: true) == nil)
    }
}
