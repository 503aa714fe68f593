/// An activity on one date: its time of day on that date, in the local zone.
/// Each activity has at most one occurrence per date, even on a night whose
/// clock time repeats.
public struct Occurrence: Hashable, Sendable {
    public let activity: Activity
    public let date: LocalDate
    /// When it happens, by the daylight-saving rules of `LocalZone.instant(of:)`.
    public let scheduledAt: Instant

    public init(activity: Activity, date: LocalDate) {
        self.init(activity: activity, date: date,
                  scheduledAt: Instant(seconds: LocalZone.instant(of: date.at(activity.time))))
    }

    init(activity: Activity, date: LocalDate, scheduledAt: Instant) {
        self.activity = activity
        self.date = date
        self.scheduledAt = scheduledAt
    }

    /// Every occurrence of `activities` on `date`, in time order (then name, id).
    public static func on(_ date: LocalDate, of activities: [Activity]) -> [Occurrence] {
        // Many activities share a time; the zone is asked once per time.
        var instants: [TimeOfDay: Instant] = [:]
        return activities.filter { $0.days.contains(weekday: date.weekday) }
            .map { activity in
                let instant = instants[activity.time] ?? Instant(seconds: LocalZone.instant(of: date.at(activity.time)))
                instants[activity.time] = instant
                return Occurrence(activity: activity, date: date, scheduledAt: instant)
            }
            .sorted { ($0.scheduledAt, $0.activity.time, $0.activity.name, $0.activity.id)
                < ($1.scheduledAt, $1.activity.time, $1.activity.name, $1.activity.id) }
    }
}
