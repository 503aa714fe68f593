#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The time zone a run reads local time in, as a `TZ` value glibc understands
/// (`America/New_York`, `:/etc/localtime`, `EST5EDT,M3.2.0,M11.1.0`, or empty
/// for UTC); nil is TZ unset, the system zone.
///
/// glibc keeps one zone for the whole process. A command run as its own
/// process uses that one (`ofProcess`); a run inside a longer-lived process (a
/// test, next a server's request) sets its own with
/// `LocalZone.withRule(rule) { … }`, and `withGlibc` puts it in place
/// for each call under one lock. The process's own rule never changes
/// anything: it costs a comparison.
public struct ZoneRule: Equatable, Sendable {
    public let tz: String?

    public init(tz: String?) { self.tz = tz }

    /// The zone the process started in.
    public static let ofProcess = ZoneRule(tz: getenv("TZ").map { String(cString: $0) })

    /// The rule in place in glibc, once another than the process's was set.
    private static let inPlace = Mutex<ZoneRule>(.ofProcess)

    /// Runs `body` (localtime_r, mktime) with glibc reading this zone. Whatever
    /// `body` takes from glibc's own storage (`tm_zone`) must be copied inside.
    func withGlibc<T>(_ body: () -> T) -> T {
        ZoneRule.inPlace.withLock { current in
            if current != self {
                // TZ unset means the system zone; setting it to that file keeps
                // TZ in the environment (unsetenv would move other entries
                // under a concurrent reader).
                setenv("TZ", tz ?? ":/etc/localtime", 1)
                tzset()
                current = self
            }
            return body()
        }
    }
}
