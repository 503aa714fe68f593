/// "Pending today" at one moment: today's weekday is in the activity's days and
/// its time of day has not passed at minute granularity (an activity at 07:30 is
/// still pending at 07:30:59).
public struct PendingFilter: Sendable {
    public let weekday: Int
    public let minuteOfDay: Int

    public init(at now: LocalDateTime) {
        weekday = now.weekday
        minuteOfDay = now.minuteOfDay
    }

    public func includes(_ activity: Activity) -> Bool {
        activity.days.contains(weekday: weekday) && activity.time.minutes >= minuteOfDay
    }

    /// The same test as `includes`, as SQL over the `activity` table, with the
    /// weekday bit and the minute bound as parameters 1 and 2.
    static let sqlCondition = "(days_of_week & ?1) != 0 AND time_of_day >= ?2"

    var weekdayBit: Int { 1 << weekday }
}
