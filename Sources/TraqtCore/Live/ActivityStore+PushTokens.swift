import TraqtMigrations

extension ActivityStore {
    // MARK: - Push tokens

    /// The push token of the live activity `id`, as a sender needs it: read when
    /// it has one, else made (a run started before traqt made tokens). With
    /// `rotate`, a new one replaces it and the old one stops working at once,
    /// as ActivityKit rotates tokens.
    public func pushToken(ofLive id: String, rotate: Bool) throws -> PushToken {
        if !rotate, let token = try readToken(
            "SELECT push_token FROM live_activity WHERE id = ?1", key: id, table: "live_activity", missing: .unknownID(id)) {
            return token
        }
        return try write { connection in
            guard let connection else { throw LiveError.unknownID(id) }
            let select = try connection.prepare("SELECT push_token FROM live_activity WHERE id = ?1")
            try select.bind(id, at: 1)
            guard try select.step() else { throw LiveError.unknownID(id) }
            // Asked again after the read found none: another process made one meanwhile.
            if !rotate, !select.isNull(at: 0) {
                return try Self.checkedToken(select.string(at: 0), table: "live_activity", key: id,
                                             location: connection.location)
            }
            let token = try PushToken.random()
            let update = try connection.prepare("UPDATE live_activity SET push_token = ?2 WHERE id = ?1")
            try update.bind(id, at: 1)
            try update.bind(token.hex, at: 2)
            try update.run()
            return token
        }
    }

    /// The push-to-start token of the attributes type `type`: read, or made the
    /// first time it is asked for; a start sent to it starts a live activity of
    /// that type. It never changes.
    public func pushToStartToken(type: String, now: Instant) throws -> PushToken {
        if let token = try readToken(
            "SELECT token FROM push_to_start_token WHERE type = ?1", key: type, table: "push_to_start_token", missing: nil) {
            return token
        }
        return try write { connection in
            guard let connection else { throw StoreError.internalError(detail: "no database to make a token in") }
            let insert = try connection.prepare("""
                INSERT INTO push_to_start_token (type, token, created_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (type) DO NOTHING
                """)
            try insert.bind(type, at: 1)
            try insert.bind(try PushToken.random().hex, at: 2)
            try insert.bind(now.seconds, at: 3)
            try insert.run()
            let select = try connection.prepare("SELECT token FROM push_to_start_token WHERE type = ?1")
            try select.bind(type, at: 1)
            guard try select.step() else { throw StoreError.internalError(detail: "the push-to-start token just made is gone") }
            return try Self.checkedToken(select.string(at: 0), table: "push_to_start_token", key: type,
                                         location: connection.location)
        }
    }

    /// The token `sql` selects for `key`, read without writing; nil when there is
    /// none yet (or the schema predates tokens). A row missing where `missing`
    /// is given throws it.
    private func readToken(_ sql: String, key: String, table: String, missing: LiveError?) throws -> PushToken? {
        var token: PushToken?
        try read { connection in
            guard try Schema.has(.liveActivities, in: connection) else {
                if let missing { throw missing }
                return
            }
            guard try Schema.has(.pushTokens, in: connection) else {
                if let missing, !(try Self.liveExists(key, connection)) { throw missing }
                return
            }
            let select = try connection.prepare(sql)
            try select.bind(key, at: 1)
            guard try select.step() else {
                if let missing { throw missing }
                return
            }
            if !select.isNull(at: 0) {
                token = try Self.checkedToken(select.string(at: 0), table: table, key: key, location: connection.location)
            }
        }
        return token
    }

    private static func liveExists(_ id: String, _ connection: any DatabaseConnection) throws -> Bool {
        let select = try connection.prepare("SELECT 1 FROM live_activity WHERE id = ?1")
        try select.bind(id, at: 1)
        return try select.step()
    }

    /// A stored token, refused unless traqt could have made it.
    private static func checkedToken(_ text: String, table: String, key: String, location: String) throws(StoreError) -> PushToken {
        guard let token = PushToken(text) else {
            throw .invalidRow(path: location, table: table, key: key, detail: "the token is not 64 lowercase hex digits")
        }
        return token
    }
}
