// `summary --date`: `LocalDate.parse`.
import TraqtCore

/// The day `today`, `tomorrow` and weekday names count from: fixed, so that a
/// crash reproduces.
private let today = LocalDate(year: 2026, month: 11, day: 30)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let date = try? LocalDate.parse(fuzzText(data, size), today: today) else { return 0 }
    expect((1...9999).contains(date.year), "year \(date.year) is outside 1...9999")
    // `YYYY-MM-DD`, as summary prints the date, reads back as the same day.
    expect((try? LocalDate.parse(date.description, today: today)) == date, "'\(date)' does not read back")
    return 0
}
