/// A wall-clock time of day at minute precision: minutes since midnight, 0…1439.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = 0...1439

    public let minutes: Int

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

    /// Reads 24-hour `H:MM` or `HH:MM` (00:00…23:59), and 12-hour `9am`, `2:30pm`,
    /// `12am` (midnight), `12pm` (noon), in any case, with or without a space.
    public static func parse(_ text: String) throws(InvalidValue) -> TimeOfDay {
        let invalid = InvalidValue("invalid time '\(text)'; expected HH:MM (24-hour, 00:00…23:59), or e.g. 9am, 2:30pm")
        var body = text.trimmingWhitespace().lowercased()
        var meridiem: String?
        if let suffix = ["am", "pm"].first(where: { body.hasSuffix($0) }) {
            meridiem = suffix
            body = String(body.dropLast(2)).trimmingWhitespace()
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(isDigits) else { throw invalid }
        let hourText = parts[0], minuteText = parts.count == 2 ? parts[1] : "00"
        guard (1...2).contains(hourText.count), minuteText.count == 2,
              var hour = Int(hourText), let minute = Int(minuteText) else { throw invalid }
        if let meridiem {
            guard (1...12).contains(hour) else { throw invalid }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        } else if parts.count == 1 {
            throw invalid // a bare "9" is ambiguous: say 09:00 or 9am
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
