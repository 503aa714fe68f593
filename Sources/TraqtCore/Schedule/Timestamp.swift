#if canImport(Glibc)
import Glibc
#endif

/// Instants are kept as whole seconds since the Unix epoch, shown in UTC.
public enum Timestamp {
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
