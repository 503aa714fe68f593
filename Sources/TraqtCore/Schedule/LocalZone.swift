#if canImport(Glibc)
import Glibc
#endif

/// The local time zone (`rule`: the run's `TZ`, else the system zone) through
/// glibc, which reads the tz database and handles daylight saving at no
/// measurable cost.
public enum LocalZone {
    /// The zone of the work in progress on this thread: the process's unless a
    /// run inside it set its own with `withRule` (see `ZoneRule`).
    public static var rule: ZoneRule { ThreadZone.current ?? .ofProcess }

    /// Runs `body` on this thread with `rule` as the local zone, then puts the
    /// one before it back. A thread's value, not a task-local one: Swift's
    /// task locals link the concurrency runtime and libdispatch into the static
    /// binary, whose start-up then costs a third more (every command pays it).
    public static func withRule<T>(_ rule: ZoneRule, _ body: () throws -> T) rethrows -> T {
        let previous = ThreadZone.current
        ThreadZone.current = rule
        defer { ThreadZone.current = previous }
        return try body()
    }

    /// The wall-clock time at `instant` (seconds since the epoch) and its UTC
    /// offset in seconds.
    public static func wallClock(at instant: Int) -> (dateTime: LocalDateTime, utcOffset: Int) {
        let parts = brokenDown(at: instant).parts
        return (LocalDateTime(parts), Int(parts.tm_gmtoff))
    }

    /// glibc's broken-down local time at `instant`, with the zone's abbreviation
    /// (copied while the rule is in place: `tm_zone` points into glibc's storage).
    static func brokenDown(at instant: Int) -> (parts: tm, abbreviation: String) {
        rule.withGlibc {
            var seconds = time_t(instant)
            var parts = tm()
            localtime_r(&seconds, &parts)
            return (parts, parts.tm_zone.map { String(cString: $0) } ?? "")
        }
    }

    /// The instant a wall-clock time happens, by traqt's daylight-saving rules:
    /// a time skipped by a spring-forward gap happens at the first moment after
    /// the gap; a time repeated by a fall-back happens at its first occurrence.
    public static func instant(of wall: LocalDateTime) -> Int {
        let key = wallKey(wall)
        // Nearly always no offset change is near: then the one answer is exact.
        let guess = makeTime(wall, isDaylight: -1)
        if wallKey(at: guess) == key && utcOffset(at: guess - 86_400) == utcOffset(at: guess + 86_400) {
            return guess
        }
        // Near a change, glibc picks either instant of a repeated time depending on
        // what it saw last, and moves a skipped time by the size of the gap; so ask
        // for the time as standard and as daylight too, and keep the earliest
        // answer whose wall clock really is the time asked for. (An answer far
        // off is mktime's failure value or a zone without daylight saving.)
        let candidates = [guess, makeTime(wall, isDaylight: 0), makeTime(wall, isDaylight: 1)]
            .filter { abs($0 - guess) <= 86_400 }
        if let exact = candidates.filter({ wallKey(at: $0) == key }).min() { return exact }
        // In a gap: the wall clock jumps over `wall`. The first instant whose wall
        // clock is at or after it is the end of the gap; search for it.
        var low = candidates.min()!, high = candidates.max()!
        if wallKey(at: low) >= key { low -= 86_400 }
        if wallKey(at: high) < key { high += 86_400 }
        // Invariant: wall(low) < key <= wall(high).
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if wallKey(at: middle) >= key { high = middle } else { low = middle }
        }
        return high
    }

    private static func makeTime(_ wall: LocalDateTime, isDaylight: Int32) -> Int {
        var parts = tm()
        parts.tm_year = Int32(wall.year - 1900)
        parts.tm_mon = Int32(wall.month - 1)
        parts.tm_mday = Int32(wall.day)
        parts.tm_hour = Int32(wall.hour)
        parts.tm_min = Int32(wall.minute)
        parts.tm_sec = Int32(wall.second)
        parts.tm_isdst = isDaylight
        return rule.withGlibc { Int(mktime(&parts)) }
    }

    /// Wall-clock times as one comparable number: seconds from 1970-01-01 00:00
    /// as if every day had 86,400 seconds.
    private static func wallKey(_ wall: LocalDateTime) -> Int {
        daysSinceEpoch(year: wall.year, month: wall.month, day: wall.day) * 86_400
            + wall.hour * 3600 + wall.minute * 60 + wall.second
    }

    private static func wallKey(at instant: Int) -> Int { wallKey(wallClock(at: instant).dateTime) }

    private static func utcOffset(at instant: Int) -> Int { wallClock(at: instant).utcOffset }
}
