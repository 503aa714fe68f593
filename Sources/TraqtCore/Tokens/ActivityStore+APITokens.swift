import TraqtMigrations

extension ActivityStore {
    // MARK: - API tokens

    /// Makes a token named `name` and returns it with its secret, which is not
    /// kept: only its SHA-256 is stored, so the secret is shown this once.
    /// A name, topic or taken name that is refused changes nothing.
    public func addAPIToken(name: String, scope: APIScope, topic: String?, expiresAt: Instant?,
                            now: Instant) throws -> (token: APIToken, secret: String) {
        try APIToken.validate(name: name)
        if let topic { try APIToken.validate(topic: topic) }
        let secret = try APITokenSecret.random()
        let token = APIToken(name: name, scope: scope, topic: topic, createdAt: now, expiresAt: expiresAt)
        try write { connection in
            guard let connection else { throw StoreError.internalError(detail: "no database to make a token in") }
            let insert = try connection.prepare("""
                INSERT INTO api_token (name, scope, topic, secret_sha256, created_at, expires_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (name) DO NOTHING RETURNING name
                """)
            try insert.bind(name, at: 1)
            try insert.bind(scope.rawValue, at: 2)
            try insert.bind(topic, at: 3)
            try insert.bind(APITokenSecret.digest(secret), at: 4)
            try insert.bind(now.seconds, at: 5)
            try insert.bind(expiresAt?.seconds, at: 6)
            guard try insert.step() else { throw APITokenError.nameTaken(name) }
            // RETURNING leaves the statement open: done before the commit.
            insert.reset()
        }
        return (token, secret)
    }

    /// Every token, by name; never a secret. Nothing there (no database, or a
    /// schema from before tokens) reads as none.
    public func apiTokens() throws -> [APIToken] {
        var tokens: [APIToken] = []
        try read { connection in
            guard try Schema.has(.apiTokens, in: connection) else { return }
            let select = try connection.prepare(Self.apiTokenSelectSQL + " ORDER BY name")
            while try select.step() {
                tokens.append(try Self.apiToken(row: select, location: connection.location).token)
            }
        }
        return tokens
    }

    /// Deletes the token `name`: its secret stops working at once.
    public func revokeAPIToken(name: String) throws {
        try APIToken.validate(name: name)
        try write { connection in
            guard let connection else { throw APITokenError.unknownName(name) }
            let delete = try connection.prepare("DELETE FROM api_token WHERE name = ?1 RETURNING name")
            try delete.bind(name, at: 1)
            guard try delete.step() else { throw APITokenError.unknownName(name) }
            delete.reset()
        }
    }

    /// The token whose secret `secret` is, if it may be used at `now`: nil for
    /// a secret traqt could not have made, one no token has (or had: revoked),
    /// and an expired one. Found by the digest, which is then compared again in
    /// constant time, so that the answer never depends on how the index matched.
    public func apiToken(authorizing secret: String, now: Instant) throws -> APIToken? {
        guard APITokenSecret.isWellFormed(secret) else { return nil }
        let digest = APITokenSecret.digest(secret)
        var found: APIToken?
        try read { connection in
            guard try Schema.has(.apiTokens, in: connection) else { return }
            let select = try connection.prepare(Self.apiTokenSelectSQL + " WHERE secret_sha256 = ?1")
            try select.bind(digest, at: 1)
            guard try select.step() else { return }
            let (token, stored) = try Self.apiToken(row: select, location: connection.location)
            if ConstantTime.equal(stored.utf8, digest.utf8), !token.isExpired(at: now) { found = token }
        }
        return found
    }

    private static let apiTokenSelectSQL =
        "SELECT name, scope, topic, secret_sha256, created_at, expires_at FROM api_token"

    /// The current row of `apiTokenSelectSQL`, and its stored digest; refused
    /// unless traqt could have written it, since another program may have.
    private static func apiToken(row select: any DatabaseStatement, location: String)
        throws(StoreError) -> (token: APIToken, digest: String) {
        let name = select.string(at: 0)
        let invalid = { (detail: String) in
            StoreError.invalidRow(path: location, table: "api_token", key: name, detail: detail)
        }
        guard APIToken.isWellFormed(name: name.utf8) else {
            throw invalid("the name is not 1 to \(APIToken.maximumNameLength) characters of A-Z, a-z, 0-9, dot, underscore or hyphen")
        }
        guard let scope = APIScope(rawValue: select.string(at: 1)) else {
            throw invalid("the scope is not \(APIScope.listed)")
        }
        let topic = select.isNull(at: 2) ? nil : select.string(at: 2)
        if let topic, !APIToken.isWellFormed(topic: topic.utf8) { throw invalid("the topic is not a bundle id") }
        let digest = select.string(at: 3)
        guard APITokenSecret.isWellFormedDigest(digest) else {
            throw invalid("secret_sha256 is not 64 lowercase hex digits")
        }
        let createdAt = select.int(at: 4), expiresAt = select.isNull(at: 5) ? nil : select.int(at: 5)
        guard Timestamp.representable.contains(createdAt), expiresAt.map(Timestamp.representable.contains) ?? true else {
            throw invalid("a time is outside 1970 to 9999 in seconds since the epoch")
        }
        return (APIToken(name: name, scope: scope, topic: topic, createdAt: Instant(seconds: createdAt),
                         expiresAt: expiresAt.map(Instant.init(seconds:))), digest)
    }
}
