extension ActivityStore {
    // MARK: - Writing: the commands of due --exec

    /// How a reminder's `--exec` command ended.
    public struct CommandOutcome: Sendable {
        public enum Result: Sendable {
            case succeeded
            /// With its exit status (128 + signal when killed, 124 when it ran out of time).
            case failed(exitStatus: Int)
            /// traqt could not start it (no memory, no process, the program gone):
            /// the reminder is claimed again, for the next run.
            case notStarted
        }

        public let occurrence: Occurrence
        public let result: Result

        public init(occurrence: Occurrence, result: Result) {
            (self.occurrence, self.result) = (occurrence, result)
        }
    }

    /// In one short write transaction: records how the command of `finished`
    /// ended (fired, failed with its exit status, or claimed again when it
    /// never started), then marks `next` as started at `now`, if it is still
    /// claimed. Returns whether it was: when not, another `due` run took it and
    /// runs its command, and this run must not. Only a command marked started
    /// is ever run, so none runs twice; one whose start was never marked (this
    /// run was killed, or the lock never came) stays claimed for the next run.
    public func recordCommand(finished: CommandOutcome?, starting next: Occurrence?, at now: Instant) throws -> Bool {
        try write { connection in
            guard let connection else { return false }
            if let finished {
                let end = try connection.prepare("""
                    UPDATE occurrence SET status = ?3, exit_status = ?4,
                        fired_at = CASE WHEN ?3 = 'claimed' THEN NULL ELSE fired_at END
                    WHERE activity_id = ?1 AND local_date = ?2 AND status = 'started'
                    """)
                try end.bind(finished.occurrence.activity.id, at: 1)
                try end.bind(finished.occurrence.date.description, at: 2)
                switch finished.result {
                case .succeeded: try end.bind("fired", at: 3)
                case .failed: try end.bind("failed", at: 3)
                case .notStarted: try end.bind("claimed", at: 3)
                }
                if case let .failed(exitStatus) = finished.result { try end.bind(exitStatus, at: 4) } else { try end.bindNull(at: 4) }
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
