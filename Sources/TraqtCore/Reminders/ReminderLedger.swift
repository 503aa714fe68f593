/// The rules that decide which occurrences `due` fires, records as missed or
/// leaves alone, and the database's memory of past runs they depend on.
public enum ReminderLedger {
    /// Records of occurrences older than this (relative to a run's now) are pruned.
    public static let retentionSeconds = 90 * 86_400
    /// `--grace` when none is given.
    public static let defaultGrace = TimeSpan(seconds: 3600)

    /// The `reminder_state` row: what earlier `due` runs established.
    struct State: Equatable {
        /// The first run's now minus its grace: nothing before is known.
        var knownSince: Int
        /// The latest now of any run.
        var checkedThrough: Int
        /// Records before this were pruned; nothing before it is considered again.
        var prunedBefore: Int

        /// Occurrences before this are never fired or recorded.
        var floor: Int { max(knownSince, prunedBefore) }

        /// Whether any occurrence of `date` can have a record. Every record is of
        /// an instant from `floor` to `checkedThrough` (runs record nothing
        /// earlier, pruning deletes from the oldest up, and `checkedThrough` is
        /// the latest now of any run), and a date's instants, in whatever zone
        /// the run that recorded them had, lie within two days before its UTC
        /// midnight and three after.
        func mayHaveRecords(on date: LocalDate) -> Bool {
            let midnight = date.daysSinceEpoch * 86_400
            return midnight - 2 * 86_400 <= checkedThrough && midnight + 3 * 86_400 >= floor
        }

        /// What the first run on a database, at `now` with `grace`, writes: the
        /// occurrences before its grace window are neither fired nor missed.
        static func start(now: Int, grace: Int) -> State {
            State(knownSince: now - grace, checkedThrough: now, prunedBefore: now - grace)
        }
    }

    /// The instants a run at `now` with `grace` fires in (late by at most
    /// `grace`, inclusive) and records as missed in (older than that, since the
    /// earlier runs left off). `nil` for an empty window.
    static func windows(now: Int, grace: Int, state: State)
        -> (fire: ClosedRange<Int>?, missed: ClosedRange<Int>?) {
        let fireStart = max(state.floor, now - grace)
        let fire = fireStart <= now ? fireStart...now : nil
        // Runs before this one decided everything up to their now; looking back
        // one grace from there also catches activities added since, and the
        // retention bound keeps a run after a long pause from doing days of work
        // whose records would be pruned at once.
        let missedStart = max(state.floor, state.checkedThrough - grace, now - retentionSeconds)
        let missedEnd = now - grace - 1
        let missed = missedStart <= missedEnd ? missedStart...missedEnd : nil
        return (fire, missed)
    }
}
