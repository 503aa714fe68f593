// `--at` and the `time` string of an import record: `TimeOfDay.parse`.
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let time = try? TimeOfDay.parse(fuzzText(data, size)) else { return 0 }
    expect(TimeOfDay.range.contains(time.minutes), "\(time.minutes) minutes is outside a day")
    // `HH:MM`, as `list` prints it, reads back as the same time.
    expect((try? TimeOfDay.parse(time.description)) == time, "'\(time)' does not read back")
    return 0
}
