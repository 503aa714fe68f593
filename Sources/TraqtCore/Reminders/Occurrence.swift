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
}
