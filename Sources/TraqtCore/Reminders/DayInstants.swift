/// The instants of one local date's times of day, each asked of the zone at
/// most once: rows come in time order and many share a time.
///
/// On one date the instant never decreases as the time of day grows (a time in
/// a gap happens at the end of the gap, a repeated time at its first
/// occurrence), so the times whose instants fall in a range are one range of
/// minutes, found by bisection.
struct DayInstants {
    let date: LocalDate
    private var known = [Int?](repeating: nil, count: TimeOfDay.range.count)

    init(_ date: LocalDate) { self.date = date }

    /// When `minutes` past midnight happens on this date (see `LocalZone.instant(of:)`).
    mutating func instant(minutes: Int) -> Int {
        if let instant = known[minutes] { return instant }
        let instant = LocalZone.instant(of: date.at(TimeOfDay(minutes: minutes)!))
        known[minutes] = instant
        return instant
    }

    /// The times of day (in minutes) whose instants on this date are in `range`;
    /// nil when none are.
    mutating func minutes(within range: ClosedRange<Int>) -> ClosedRange<Int>? {
        let last = TimeOfDay.range.upperBound
        guard instant(minutes: 0) <= range.upperBound, instant(minutes: last) >= range.lowerBound else { return nil }
        let first = firstMinute { $0 >= range.lowerBound }
        let end = firstMinute { $0 > range.upperBound }
        return first < end ? first...(end - 1) : nil
    }

    /// The first minute whose instant satisfies `isPast` (which, instants never
    /// decreasing, holds from some minute on), or 1440 when none does.
    private mutating func firstMinute(where isPast: (Int) -> Bool) -> Int {
        var low = 0, high = TimeOfDay.range.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(instant(minutes: middle)) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
