// `--days` and the `days` string of an import record: `Weekdays.parse`.
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeekdays(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let days = try? Weekdays.parse(fuzzText(data, size)) else { return 0 }
    expect(Weekdays.range.contains(days.mask), "mask \(days.mask) is outside 1...127")
    // What `list` prints and what `export` writes read back as the same days.
    expect((try? Weekdays.parse(days.summary)) == days, "'\(days.summary)' does not read back as mask \(days.mask)")
    expect((try? Weekdays.parse(days.names.joined(separator: ","))) == days, "\(days.names) do not read back")
    return 0
}
