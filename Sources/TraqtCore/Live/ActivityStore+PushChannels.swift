import TraqtMigrations

extension ActivityStore {
    // MARK: - Broadcast channels

    /// Makes a broadcast channel, named `name` if given, and returns it.
    public func createPushChannel(name: String?, now: Instant) throws -> PushChannel {
        try write { connection in
            guard let connection else { throw StoreError.internalError(detail: "no database to make a channel in") }
            let id = try PushChannel.randomID()
            let insert = try connection.prepare("INSERT INTO push_channel (id, name, created_at) VALUES (?1, ?2, ?3)")
            try insert.bind(id, at: 1)
            try insert.bind(name, at: 2)
            try insert.bind(now.seconds, at: 3)
            try insert.run()
            return PushChannel(id: id, name: name, createdAt: now, subscribers: 0)
        }
    }

    /// Every broadcast channel, oldest first, with its subscribers counted.
    public func pushChannels() throws -> [PushChannel] {
        var channels: [PushChannel] = []
        try read { connection in
            guard try Schema.has(.pushOrder, in: connection) else { return }
            let select = try connection.prepare("""
                SELECT c.id, c.name, c.created_at, (SELECT count(*) FROM live_activity AS l WHERE l.channel = c.id)
                FROM push_channel AS c ORDER BY c.created_at, c.id
                """)
            while try select.step() {
                channels.append(PushChannel(id: select.string(at: 0), name: select.isNull(at: 1) ? nil : select.string(at: 1),
                                            createdAt: Instant(seconds: select.int(at: 2)), subscribers: select.int(at: 3)))
            }
        }
        return channels
    }

    /// Deletes a broadcast channel: its subscribers stay, subscribed to nothing,
    /// and a push to it is then `BadChannelId`.
    public func deletePushChannel(_ id: String) throws {
        try write { connection in
            guard let connection else { throw LiveError.unknownChannel(id) }
            let delete = try connection.prepare("DELETE FROM push_channel WHERE id = ?1 RETURNING id")
            try delete.bind(id, at: 1)
            guard try delete.step() else { throw LiveError.unknownChannel(id) }
            delete.reset()
            let unsubscribe = try connection.prepare("UPDATE live_activity SET channel = NULL WHERE channel = ?1")
            try unsubscribe.bind(id, at: 1)
            try unsubscribe.run()
        }
    }
}
