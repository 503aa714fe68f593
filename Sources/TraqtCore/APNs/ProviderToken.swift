/// An APNs provider token, as a sender puts it in `authorization: bearer …`:
/// a JWS in compact form (RFC 7515) whose header names `alg` ES256 and the
/// `kid` of the sender's key, and whose claims name the team (`iss`) and when
/// it was made (`iat`). Read here; its signature is checked by `check`.
public struct ProviderToken: Sendable {
    public let keyID: String
    public let teamID: String
    public let issuedAt: Int
    /// `header.claims` as sent: what the signature signs.
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// Apple takes a token for an hour, and one made a little in the future
    /// (clocks differ) no more than this far ahead.
    public static let lifetimeSeconds = 3600
    public static let aheadSeconds = 60

    public static func parse(_ text: String) throws(ProviderTokenError) -> ProviderToken {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .invalid("not a JWT: expected three base64url parts") }
        guard let headerBytes = Base64.decode(parts[0], url: true), let claimsBytes = Base64.decode(parts[1], url: true),
              let signature = Base64.decode(parts[2], url: true) else { throw .invalid("a part is not base64url") }
        guard let header = try? JSONParser.parse(headerBytes), let claims = try? JSONParser.parse(claimsBytes)
        else { throw .invalid("the header or the claims are not JSON") }
        guard header["alg"] == .string("ES256") else { throw .invalid("the algorithm is not ES256") }
        guard case let .string(keyID)? = header["kid"], !keyID.isEmpty else { throw .invalid("no kid in the header") }
        guard case let .string(teamID)? = claims["iss"], !teamID.isEmpty else { throw .invalid("no iss in the claims") }
        guard case let .number(issued)? = claims["iat"], let issuedAt = Int(issued) else {
            throw .invalid("no iat in the claims, in whole seconds")
        }
        return ProviderToken(keyID: keyID, teamID: teamID, issuedAt: issuedAt,
                             signingInput: Array(parts[0]) + [UInt8(ascii: ".")] + Array(parts[1]), signature: signature)
    }

    /// Accepts the token when `key`, registered for `team`, signed it and it
    /// is fresh at `now`.
    public func check(signedBy key: P256PublicKey, team: String, now: Instant) throws(ProviderTokenError) {
        guard teamID.utf8.elementsEqual(team.utf8) else { throw .invalid("the iss is not the team of the key") }
        guard key.verifies(signature: signature, of: signingInput) else { throw .invalid("the signature does not verify") }
        guard issuedAt <= now.seconds + Self.aheadSeconds else { throw .invalid("the iat is in the future") }
        guard now.seconds - issuedAt <= Self.lifetimeSeconds else { throw .expired }
    }
}

/// Why a provider token is refused, with the reason APNs answers (403 each).
public enum ProviderTokenError: Error, Equatable, Sendable {
    case invalid(String)
    case expired

    public var apnsReason: String {
        switch self {
        case .invalid: "InvalidProviderToken"
        case .expired: "ExpiredProviderToken"
        }
    }

    public var httpStatus: Int { 403 }

    public var message: String {
        switch self {
        case let .invalid(why): "invalid provider token: \(why)"
        case .expired: "the provider token is more than an hour old: make a new one"
        }
    }
}
