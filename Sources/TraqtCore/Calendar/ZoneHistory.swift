#if canImport(Glibc)
import Glibc
#endif

/// The local zone's UTC offsets over a span of years, as glibc applies them
/// (`localtime_r`): what the zone was on 1 January of the first year, and each
/// change after it up to the end of the last. A calendar file spells these out
/// as its `VTIMEZONE`, so that a calendar without a tz database of its own
/// still places every time where traqt does.
public struct ZoneHistory: Sendable {
    /// What the local clock is during a stretch of time.
    public struct State: Equatable, Sendable {
        /// Seconds east of UTC.
        public let offset: Int
        public let isDaylight: Bool
        /// `EST`, `CEST`, `+03`: glibc's `tm_zone`.
        public let abbreviation: String
    }

    /// A change of state at an instant (seconds since the epoch).
    public struct Transition: Sendable {
        public let instant: Int
        public let from: State
        public let to: State
    }

    public let years: ClosedRange<Int>
    /// The instant of 00:00 on 1 January of the first year.
    public let start: Int
    /// The state at `start`.
    public let initial: State
    /// Every change after that, oldest first.
    public let transitions: [Transition]

    /// Reads a zone, the local one (`TZ`, else the system zone) unless `zone`
    /// says otherwise, from 1 January of the first of `years` to the end of the
    /// last (1970 to 9998, so that every date is one traqt can name). The zone
    /// is sampled once a day and each change found is narrowed down to its
    /// second by bisection: two changes that undo each other within a day would
    /// be missed, and no zone has those.
    public init(years: ClosedRange<Int>, zone: (Int) -> State = ZoneHistory.localState) {
        let first = max(1970, min(years.lowerBound, 9998)), last = max(first, min(years.upperBound, 9998))
        self.years = first...last
        // Wall keys read as instants are off by the offset; the offset there corrects them.
        func instant(ofNewYear year: Int) -> Int {
            let key = ContentLine.key(of: LocalDateTime(year: year, month: 1, day: 1)!)
            return key - zone(key - zone(key).offset).offset
        }
        start = instant(ofNewYear: first)
        let end = instant(ofNewYear: last + 1)
        initial = zone(start)
        var transitions: [Transition] = []
        var known = start, state = initial
        while known < end {
            let sample = min(known + 86_400, end)
            let next = zone(sample)
            if next == state {
                known = sample
                continue
            }
            // zone(low) == state, zone(high) != state: the change is in (low, high].
            var low = known, high = sample
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if zone(middle) == state { low = middle } else { high = middle }
            }
            let changed = zone(high)
            transitions.append(Transition(instant: high, from: state, to: changed))
            (known, state) = (high, changed)
        }
        self.transitions = transitions
    }

    /// The spring-forward gaps: the wall-clock times each change that moves the
    /// clock forward skips, as wall keys (`ContentLine.key(of:)`), lowest
    /// included, highest not. The highest is also where traqt moves a time in
    /// the gap: the first moment after it.
    public var gaps: [Range<Int>] {
        transitions.filter { $0.to.offset > $0.from.offset }
            .map { ($0.instant + $0.from.offset)..<($0.instant + $0.to.offset) }
    }

    /// The local zone at `instant`, as glibc's `localtime_r` has it.
    public static func localState(at instant: Int) -> State {
        let (parts, abbreviation) = LocalZone.brokenDown(at: instant)
        return State(offset: Int(parts.tm_gmtoff), isDaylight: parts.tm_isdst > 0, abbreviation: abbreviation)
    }
}
