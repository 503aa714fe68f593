#if canImport(Glibc)
import Glibc
#endif

/// Instants are kept as whole seconds since the Unix epoch, shown in UTC.
public enum Timestamp {
    /// The instants traqt can show: 1970-01-01T00:00:00Z through
    /// 9999-12-31T23:59:59Z, four-digit years after the epoch.
    public static let representable = 0...253_402_300_799

    /// Seconds since the epoch, now.
    public static func now() -> Int { Int(time(nil)) }

    /// `2026-11-29T22:52:03Z`.
    public static func iso8601(_ seconds: Int) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        return LocalDateTime(parts).description + "Z"
    }
}
