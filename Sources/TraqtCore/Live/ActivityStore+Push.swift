extension ActivityStore {
    // MARK: - Writing: push

    /// Applies one push document's notifications in order, in one `BEGIN
    /// IMMEDIATE` transaction, all or none. Each is first compared with the last
    /// event applied to its id: one whose timestamp is not newer is skipped
    /// before anything else about it is checked (a request applied twice, or an
    /// update arriving after a newer one, changes nothing). Then its content is
    /// read and applied; any error is a `PushError` naming it and its field, and
    /// nothing of the document is applied.
    public func applyPush(_ notifications: [PushNotification], now: Instant) throws -> [LiveOutcome] {
        guard !notifications.isEmpty else { return [] }
        return try write { connection in
            guard let connection else { return [] }
            if notifications.count >= Self.bulkThreshold {
                try connection.useCache(kibibytes: Self.bulkCacheKiB)
            }
            let writer = LiveWriter(connection: connection, now: now)
            try writer.prune()
            var outcomes: [LiveOutcome] = []
            outcomes.reserveCapacity(notifications.count)
            for notification in notifications {
                let run = try writer.run(of: notification.id)
                if let skipped = writer.skip(notification.id, timestamp: notification.timestamp, run: run) {
                    outcomes.append(skipped)
                    continue
                }
                let change = try notification.change()
                do {
                    outcomes.append(try writer.apply(change, id: notification.id,
                                                     at: notification.timestamp ?? now, run: run))
                } catch let error as LiveError {
                    throw PushError.invalid(index: notification.index, field: notification.idField,
                                            message: error.description)
                }
            }
            return outcomes
        }
    }
}
