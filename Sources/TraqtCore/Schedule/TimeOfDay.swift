/// A wall-clock time of day at minute precision: minutes since midnight, 0…1439.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = 0...1439

    public let minutes: Int

    /// 00:00, the start of the day.
    public static let midnight = TimeOfDay(minutes: 0)!

    public init?(minutes: Int) {
        guard Self.range.contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `07:30`.
    public var description: String { text { Self.appendText(minutes: minutes, to: &$0) } }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    /// Appends `HH:MM` for minutes since midnight (0…1439) without making a String:
    /// output paths write one per row.
    public static func appendText(minutes: Int, to buffer: inout [UInt8]) {
        appendTwoDigits(minutes / 60, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendTwoDigits(minutes % 60, to: &buffer)
    }

    /// Reads a time of day as people type it, in any case, with or without a
    /// space before am/pm:
    /// - 24-hour `H:MM` or `HH:MM` (00:00…23:59), or the hour alone: `7` is 07:00;
    /// - digits without a colon, as on a 24-hour clock: `0730`, `730`, `1915`;
    /// - 12-hour `9am`, `2:30pm`, `7pm`, `12am` (midnight), `12pm` (noon);
    /// - `noon` and `midnight` (00:00, the start of the day).
    public static func parse(_ text: String) throws(InvalidValue) -> TimeOfDay {
        let invalid = InvalidValue("invalid time '\(text)'; expected HH:MM (24-hour, 00:00…23:59), 7, 0730, 9am, 2:30pm, noon or midnight")
        var body = text.trimmingWhitespace().lowercased()
        switch body {
        case "noon": return TimeOfDay(minutes: 12 * 60)!
        case "midnight": return .midnight
        default: break
        }
        var meridiem: String?
        if let suffix = ["am", "pm"].first(where: { body.hasSuffix($0) }) {
            meridiem = suffix
            body = String(body.dropLast(2)).trimmingWhitespace()
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(isDigits) else { throw invalid }
        let hourText: Substring, minuteText: Substring
        if parts.count == 2 {
            (hourText, minuteText) = (parts[0], parts[1])
        } else if parts[0].count <= 2 {
            (hourText, minuteText) = (parts[0], "00")
        } else {
            // `730` and `0730`: the last two digits are the minutes.
            let digits = parts[0]
            hourText = digits.dropLast(2)
            minuteText = digits.suffix(2)
        }
        guard (1...2).contains(hourText.count), minuteText.count == 2,
              var hour = Int(hourText), let minute = Int(minuteText) else { throw invalid }
        if let meridiem {
            guard (1...12).contains(hour) else { throw invalid }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard let time = TimeOfDay(hour: hour, minute: minute) else { throw invalid }
        return time
    }
}

private func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
}

/// Appends 0…99 as two digits: `7` -> `07`.
func appendTwoDigits(_ value: Int, to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10))
    buffer.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
}

/// The text a byte-writing function makes, as a String.
func text(_ write: (inout [UInt8]) -> Void) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    write(&bytes)
    return String(decoding: bytes, as: UTF8.self)
}
