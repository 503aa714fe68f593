/// "Pending today" at one moment: today's weekday is in the activity's days,
/// its time of day has not passed at minute granularity (an activity at 07:30
/// is still pending at 07:30:59), and today is not marked done or skipped for
/// it (see `DayMarkKind`).
public struct PendingFilter: Sendable {
    public let weekday: Int
    public let minuteOfDay: Int
    public let date: LocalDate

    public init(at now: LocalDateTime) {
        weekday = now.weekday
        minuteOfDay = now.minuteOfDay
        date = LocalDate(now)
    }

    /// The weekday and time test alone: the marks are in the database.
    public func includes(_ activity: Activity) -> Bool {
        activity.days.contains(weekday: weekday) && activity.time.minutes >= minuteOfDay
    }

    /// The whole test as SQL over the `activity` table of `connection`'s
    /// database, with the weekday bit, the minute bound and (when today has
    /// marks) today's date as parameters 1, 2 and 3 (`bind`); nil when today is
    /// a day off for every activity, so that nothing is pending.
    func sqlCondition(in connection: any DatabaseConnection) throws -> String? {
        let marks = try DayMarkSQL.exists(in: connection) ? DayMarkSQL.onDate(date, in: connection) : DayMarkSQL.OnDate()
        if marks.everyActivitySkipped { return nil }
        return "(days_of_week & ?1) != 0 AND time_of_day >= ?2"
            + (marks.byActivity ? " AND " + DayMarkSQL.unmarked(id: "activity.id", date: "?3") : "")
    }

    /// Binds the parameters of `sqlCondition`.
    func bind(to statement: any DatabaseStatement) throws {
        try statement.bind(weekdayBit, at: 1)
        try statement.bind(minuteOfDay, at: 2)
        if statement.parameterCount >= 3 { try statement.bind(date.description, at: 3) }
    }

    var weekdayBit: Int { 1 << weekday }
}
