// `due --grace`: `TimeSpan.parse`.
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDurations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let span = try? TimeSpan.parse(fuzzText(data, size)) else { return 0 }
    // The documented bound, which keeps the arithmetic on it from overflowing.
    expect((0...366 * 86_400).contains(span.seconds), "\(span.seconds) s is outside 0...366 days")
    expect((try? TimeSpan.parse(span.description)) == span, "'\(span)' does not read back")
    return 0
}
