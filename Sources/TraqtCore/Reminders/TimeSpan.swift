/// A length of time given on the command line, in whole seconds: `90s`, `15m`,
/// `2h`, `1d`, or parts of those together (`1h30m`).
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }

    /// The shortest form `parse` reads back: `90s` stays `90s`, 3600 is `1h`.
    public var description: String {
        if seconds != 0 && seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds != 0 && seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// Longer than any sensible grace, short enough that no arithmetic overflows.
    static let maximum = 366 * 86_400

    /// Reads `90s`, `15m`, `2h`, `1d`, combinations (`1h30m`), and `0`: zero
    /// needs no unit, any other number does.
    public static func parse(_ text: String) throws(InvalidValue) -> TimeSpan {
        let invalid = InvalidValue("invalid duration '\(text)'; expected 0 or a number with a unit s, m, h or d, e.g. 90s, 15m, 2h, 1h30m")
        if text.trimmingWhitespace().utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) && !text.trimmingWhitespace().isEmpty {
            return TimeSpan(seconds: 0)
        }
        var total = 0, number: Int?
        var units = 0
        for byte in text.trimmingWhitespace().lowercased().utf8 {
            if (48...57).contains(byte) {
                let value = (number ?? 0) * 10 + Int(byte - 48)
                guard value <= maximum else { throw invalid }
                number = value
                continue
            }
            // A unit must follow a number: "m" or "1hm" are mistakes.
            guard let value = number else { throw invalid }
            switch byte {
            case UInt8(ascii: "s"): total += value
            case UInt8(ascii: "m"): total += value * 60
            case UInt8(ascii: "h"): total += value * 3600
            case UInt8(ascii: "d"): total += value * 86_400
            default: throw invalid
            }
            number = nil
            units += 1
            guard total <= maximum else {
                throw InvalidValue("duration '\(text)' is longer than 366 days")
            }
        }
        // A bare number has no unit and could mean anything.
        guard number == nil, units > 0 else { throw invalid }
        return TimeSpan(seconds: total)
    }
}
