extension ActivityStore {
    // MARK: - Writing: the commands of due --exec

    /// How a reminder's `--exec` command ended.
    public struct CommandOutcome: Sendable {
        public let occurrence: Occurrence
        /// nil when it succeeded; else its exit status (128 + signal when
        /// killed, 124 when it ran out of time, 126/127 when it could not start).
        public let exitStatus: Int?

        public init(occurrence: Occurrence, exitStatus: Int?) {
            (self.occurrence, self.exitStatus) = (occurrence, exitStatus)
        }
    }

    /// In one short write transaction: records how the command of `finished`
    /// ended (fired, or failed with its exit status), then marks `next` as
    /// started at `now`, if it is still claimed. Returns whether it was: when
    /// not, another `due` run took it and runs its command, and this run must
    /// not. Only a command marked started is ever run, so none runs twice; one
    /// whose start was never marked (this run was killed, or the lock never
    /// came) stays claimed for the next run.
    public func recordCommand(finished: CommandOutcome?, starting next: Occurrence?, at now: Instant) throws -> Bool {
        try write { connection in
            guard let connection else { return false }
            if let finished {
                let end = try connection.prepare("""
                    UPDATE occurrence SET status = CASE WHEN ?3 IS NULL THEN 'fired' ELSE 'failed' END, exit_status = ?3
                    WHERE activity_id = ?1 AND local_date = ?2 AND status = 'started'
                    """)
                try end.bind(finished.occurrence.activity.id, at: 1)
                try end.bind(finished.occurrence.date.description, at: 2)
                try end.bind(finished.exitStatus, at: 3)
                try end.run()
            }
            guard let next else { return false }
            let start = try connection.prepare("""
                UPDATE occurrence SET status = 'started', fired_at = ?3
                WHERE activity_id = ?1 AND local_date = ?2 AND status = 'claimed'
                """)
            try start.bind(next.activity.id, at: 1)
            try start.bind(next.date.description, at: 2)
            try start.bind(now.seconds, at: 3)
            try start.run()
            return connection.changes == 1
        }
    }
}
