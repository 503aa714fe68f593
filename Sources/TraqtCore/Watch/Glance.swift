/// Everything a reader at a glance shows at one moment, read from the store in
/// one snapshot: the live activities still listed (active, stale, ended; most
/// relevant first) and the activities still pending today (in list order).
/// `traqt watch` draws it on a terminal, writes it as JSON lines or as a status
/// bar's feed; all of them come from this one value.
public struct Glance: Sendable {
    /// An activity pending today.
    public struct Pending: Sendable {
        public let activity: Activity

        public init(activity: Activity) { self.activity = activity }
    }

    /// The moment it was read at.
    public let now: Instant
    /// Not dismissed at `now`, most relevant first (relevance descending, then start, then id).
    public let live: [LiveActivity]
    public let pending: [Pending]

    public init(now: Instant, live: [LiveActivity], pending: [Pending]) {
        self.now = now
        self.live = live
        self.pending = pending
    }

    /// The live activities that run at `at` (active or stale), most relevant first.
    public func running(at moment: Instant) -> [LiveActivity] {
        live.filter { $0.status(at: moment).isRunning }
    }

    /// What the compact view shows at `at` (a status bar's text): the most relevant
    /// live activity that runs, else the next pending activity, else nothing.
    public func compact(at moment: Instant) -> CompactGlance {
        let running = running(at: moment)
        if let first = running.first { return .running(first, others: running.count - 1) }
        if let next = pending.first { return .next(next.activity, others: pending.count - 1) }
        return .nothing
    }

    /// The next moment after `now` at which time alone changes what is shown: a
    /// live activity goes stale, ends by its time limit or an end set ahead, or
    /// is dismissed; the first pending activity's minute passes; the day changes.
    /// The clock's ticking (elapsed time) is not a change.
    public var nextChange: Instant {
        var moments: [Instant] = []
        for activity in live {
            if activity.end(at: now) != nil {
                // Ended: what remains is its dismissal.
                if let dismissal = activity.dismissal(at: now) { moments.append(dismissal) }
            } else {
                moments += [activity.staleAt, activity.endedAt, activity.limitEnd].compactMap { $0 }
            }
        }
        let wall = now.localDateTime
        let today = LocalDate(wall)
        if let first = pending.first {
            // Pending until the end of its minute (07:30 is pending at 07:30:59).
            let minute = first.activity.time.minutes + 1
            if let time = TimeOfDay(minutes: minute) {
                moments.append(Instant(seconds: LocalZone.instant(of: today.at(time))))
            }
        }
        // A new day brings that day's activities.
        moments.append(Instant(seconds: LocalZone.instant(of: today.adding(days: 1).at(TimeOfDay(minutes: 0)!))))
        return moments.filter { $0 > now }.min() ?? Instant(seconds: now.seconds + 86_400)
    }
}

extension LiveStatus {
    /// Active or stale: it runs (its stopwatch ticks).
    public var isRunning: Bool { self == .active || self == .stale }
}

/// What a compact view (a status bar's text, `traqt live status`) shows.
public enum CompactGlance: Sendable {
    /// The most relevant live activity that runs, and how many more run.
    case running(LiveActivity, others: Int)
    /// The next pending activity today, and how many more are pending after it.
    case next(Activity, others: Int)
    /// Nothing runs and nothing is pending.
    case nothing
}
