// `--now` of today, due and summary: `Instant.parse`.
#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// A zone with daylight saving, so that local times in its gaps and repeated
/// hours are read too; set once, before the first input.
private let zone: Void = {
    setenv("TZ", "America/New_York", 1)
    tzset()
}()

/// The clock `HH:MM` alone is read against: fixed, so that a crash reproduces.
private let today = LocalDateTime(year: 2026, month: 11, day: 1, hour: 12)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNow(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    zone
    guard let instant = try? Instant.parse(fuzzText(data, size), today: { today }) else { return 0 }
    // Commands show the instant in the local zone with its offset (`due
    // --json`'s firedAt); that form names the same instant, unless the offset
    // has seconds (local mean time, before 1883 here), which ISO 8601 cannot show.
    let shown = instant.description
    guard LocalZone.wallClock(at: instant.seconds).utcOffset % 60 == 0 else { return 0 }
    expect((try? Instant.parse(shown, today: { today })) == instant, "'\(shown)' does not read back as \(instant.seconds)")
    return 0
}
