#if canImport(Glibc)
import Glibc
#endif

/// Elapsed time for waits and deadlines: unlike the wall clock (and `--now`),
/// it never jumps.
public enum MonotonicClock {
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
