import TraqtMigrations

/// Time spent on one activity within a window of time, from the live
/// activities that ran on it.
public struct TimeSpent: Equatable, Sendable {
    public let activityId: String
    /// The activity's name when its latest session in the window was recorded:
    /// removing or renaming the activity later does not change it.
    public let name: String
    public let seconds: Int

    public init(activityId: String, name: String, seconds: Int) {
        self.activityId = activityId
        self.name = name
        self.seconds = seconds
    }
}

extension TimeSpent {
    /// `[{"id":…,"name":…,"spentSeconds":3723}, …]`: the `timeSpent` member of
    /// `summary --json`'s days and weeks.
    public static func appendJSONArray(_ entries: [TimeSpent], to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONWriter.appendRaw("{\"id\":", to: &buffer)
            JSONWriter.appendString(entry.activityId, to: &buffer)
            JSONWriter.appendRaw(",\"name\":", to: &buffer)
            JSONWriter.appendString(entry.name, to: &buffer)
            JSONWriter.appendRaw(",\"spentSeconds\":", to: &buffer)
            JSONWriter.appendInteger(entry.seconds, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// Adds up the time of each activity over several windows (a week's days),
    /// by name, then id; the latest window's name of an activity wins.
    public static func totals(_ windows: [[TimeSpent]]) -> [TimeSpent] {
        var totals: [TimeSpent] = []
        for entry in windows.joined() {
            if let index = totals.firstIndex(where: { $0.activityId.utf8.elementsEqual(entry.activityId.utf8) }) {
                totals[index] = TimeSpent(activityId: entry.activityId, name: entry.name,
                                          seconds: totals[index].seconds + entry.seconds)
            } else {
                totals.append(entry)
            }
        }
        return totals.sorted { ($0.name, $0.activityId) < ($1.name, $1.activityId) }
    }
}

extension ActivityStore {
    // MARK: - Reading: time spent

    /// Seconds spent on each activity from `start` (inclusive) to `end`
    /// (exclusive), as seen at `now`. A session counts for the part of it inside
    /// the window; one still running counts up to now, and never past its time
    /// limit. Activities with no time in the window are left out; the rest come
    /// by name, then id. Reads only; a database not yet migrated to live
    /// activities has none.
    public func timeSpent(from start: Instant, to end: Instant, now: Instant) throws -> [TimeSpent] {
        guard start < end else { return [] }
        var totals: [TimeSpent] = []
        try read { connection in
            guard try Schema.has(.liveActivities, in: connection) else { return }
            // Sessions that end, or must end, after the window starts; then the
            // few without a limit that still run. Both through an index.
            let statement = try connection.prepare("""
                SELECT activity_id, activity_name, started_at, ended_at, ends_by FROM time_spent
                WHERE coalesce(ended_at, ends_by) > ?1 AND started_at < ?2
                UNION ALL
                SELECT activity_id, activity_name, started_at, ended_at, ends_by FROM time_spent
                WHERE ended_at IS NULL AND ends_by IS NULL AND started_at < ?2
                ORDER BY activity_id, started_at
                """)
            try statement.bind(start.seconds, at: 1)
            try statement.bind(end.seconds, at: 2)
            while try statement.step() {
                let started = statement.int(at: 2)
                let stopped = [statement.isNull(at: 3) ? now.seconds : statement.int(at: 3),
                               statement.isNull(at: 4) ? Int.max : statement.int(at: 4), now.seconds].min()!
                let seconds = min(stopped, end.seconds) - max(started, start.seconds)
                guard seconds > 0 else { continue }
                let id = statement.string(at: 0), name = statement.string(at: 1)
                // Rows come by activity, then start: the last session's name wins.
                if let last = totals.last, last.activityId.utf8.elementsEqual(id.utf8) {
                    totals[totals.count - 1] = TimeSpent(activityId: id, name: name, seconds: last.seconds + seconds)
                } else {
                    totals.append(TimeSpent(activityId: id, name: name, seconds: seconds))
                }
            }
        }
        return totals.sorted { ($0.name, $0.activityId) < ($1.name, $1.activityId) }
    }

    /// Seconds spent on each activity on the local date `date` (midnight to
    /// midnight in the local zone; a session across midnight counts on each day
    /// for its part), as seen at `now`.
    public func timeSpent(on date: LocalDate, now: Instant) throws -> [TimeSpent] {
        try timeSpent(from: Instant(seconds: LocalZone.instant(of: date.at(.midnight))),
                      to: Instant(seconds: LocalZone.instant(of: date.adding(days: 1).at(.midnight))),
                      now: now)
    }
}
