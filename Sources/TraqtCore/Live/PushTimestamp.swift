/// A sender's time, as push payloads carry it: seconds since the epoch as a
/// JSON number, kept to the millisecond. It orders the pushes of one live
/// activity; it never says when anything happens.
public struct PushTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let milliseconds: Int

    public init(milliseconds: Int) { self.milliseconds = milliseconds }

    /// The most a payload may say: 10^11 seconds (in the year 5138). A larger
    /// value can only be milliseconds, which APNs payloads never carry; read as
    /// seconds it would name a time no sender meant.
    public static let largestSeconds = 100_000_000_000

    /// How far ahead of the receiving clock a timestamp may be: one further
    /// ahead would make every later push look older, freezing the live activity.
    public static let leeway = 86_400

    public static func < (lhs: PushTimestamp, rhs: PushTimestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The whole second it falls in: what the store's instants hold.
    public var instant: Instant {
        Instant(seconds: milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
    }

    /// Seconds with the milliseconds when there are any: `1764489600`, `1764489600.25`.
    public var description: String {
        let seconds = milliseconds / 1000, fraction = milliseconds % 1000
        guard fraction != 0 else { return String(seconds) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(seconds).\(digits)"
    }

    /// Why a JSON number cannot be a payload's date.
    public enum Problem: Error, Equatable, Sendable {
        case negative
        /// Above `largestSeconds`: milliseconds, not seconds.
        case milliseconds
    }

    /// Reads the text of a JSON number (as the parser checked it) as seconds,
    /// exactly: digits are moved by the exponent, never rounded through a
    /// `Double`, and anything past the millisecond is dropped.
    public static func seconds(_ text: Substring) -> Result<PushTimestamp, Problem> {
        var digits: [UInt8] = []
        var scale = 3  // the value in milliseconds is digits × 10^scale
        var negative = false, inFraction = false
        var bytes = text.utf8.makeIterator()
        parsing: while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Leading zeros add nothing; each fraction digit moves the point.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { scale -= 1 }
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                var exponent = 0, sign = 1
                while let next = bytes.next() {
                    if next == UInt8(ascii: "-") { sign = -1 } else if next == UInt8(ascii: "+") { continue } else {
                        exponent = min(exponent * 10 + Int(next - UInt8(ascii: "0")), 1_000)
                    }
                }
                scale += sign * exponent
                break parsing
            default: break
            }
        }
        if digits.isEmpty { return .success(PushTimestamp(milliseconds: 0)) }
        if negative { return .failure(.negative) }
        // Past the millisecond: dropped. Beyond 10^11 seconds: refused before it can overflow.
        if scale < 0 { digits.removeLast(min(-scale, digits.count)); scale = 0 }
        if digits.count + scale > 15 { return .failure(.milliseconds) }
        var milliseconds = 0
        for digit in digits { milliseconds = milliseconds * 10 + Int(digit) }
        for _ in 0..<scale { milliseconds *= 10 }
        guard milliseconds <= largestSeconds * 1000 else { return .failure(.milliseconds) }
        return .success(PushTimestamp(milliseconds: milliseconds))
    }
}
