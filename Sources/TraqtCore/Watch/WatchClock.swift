#if canImport(Glibc)
import Glibc
#endif

/// The clock a watcher shows: the system's, or one that starts at `--now` and
/// then runs at the system clock's pace, to the millisecond so that redraws
/// land on the second.
public struct WatchClock: Sendable {
    /// How far the shown clock is ahead of the system's.
    private let offsetMilliseconds: Int

    public init(startingAt start: Instant? = nil) {
        offsetMilliseconds = start.map { $0.seconds * 1000 - Self.systemMilliseconds() } ?? 0
    }

    /// Milliseconds since the epoch on the shown clock.
    public func milliseconds() -> Int { Self.systemMilliseconds() + offsetMilliseconds }

    /// The shown clock's whole second.
    public var now: Instant { Instant(seconds: Self.floorDivide(milliseconds(), 1000)) }

    private static func systemMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
