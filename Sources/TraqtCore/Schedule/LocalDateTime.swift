#if canImport(Glibc)
import Glibc
#endif

/// A wall-clock date and time in the local zone, to the second. Weekday and
/// minute of day come from the calendar date alone, so "pending" needs no zone
/// rules at all.
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int
    public let hour: Int, minute: Int, second: Int

    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.init(checked: (year, month, day), hour: hour, minute: minute, second: second)
    }

    /// Fields already known to be a valid date and time of day, of any year:
    /// glibc's broken-down time, or a `LocalDate` at a `TimeOfDay`. Arithmetic
    /// just past the supported dates (the day after 9999-12-31, the instant
    /// before 1970-01-01 in a zone east of UTC) then yields a value instead of
    /// a crash; what traqt reads and shows stays within `SupportedDates`.
    init(checked date: (year: Int, month: Int, day: Int), hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day) = date
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// 0 = Sunday … 6 = Saturday, like `tm_wday`.
    public var weekday: Int { LocalDate(self).weekday }

    public var minuteOfDay: Int { hour * 60 + minute }

    /// `2026-11-29T07:30:00`.
    public var description: String { text { appendText(to: &$0) } }

    /// Appends `2026-11-29T07:30:00`.
    public func appendText(to buffer: inout [UInt8]) {
        LocalDate(self).appendText(to: &buffer)
        buffer.append(UInt8(ascii: "T"))
        appendTwoDigits(hour, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendTwoDigits(minute, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendTwoDigits(second, to: &buffer)
    }

    /// The current local time, read from the system clock and `TZ` once.
    public static func current() -> LocalDateTime {
        LocalZone.wallClock(at: Timestamp.now()).dateTime
    }

    /// The date and time in glibc's broken-down form (from `localtime_r` or
    /// `gmtime_r`). A leap second (`tm_sec` 60) is shown as :59: traqt counts
    /// whole seconds.
    init(_ parts: tm) {
        self.init(checked: (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday)),
                  hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec)))
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS]` (a space may stand for the `T`), of a
    /// date in `SupportedDates`.
    public static func parse(_ text: String) throws(InvalidValue) -> LocalDateTime {
        guard let value = try parse(Array(text.utf8)[...], text: text) else {
            throw InvalidValue("invalid date and time '\(text)'; expected YYYY-MM-DDTHH:MM[:SS], e.g. 2026-03-08T07:30")
        }
        return value
    }

    /// `parse` of the bytes of `text`: nil when malformed, and the error for a
    /// well-formed date outside `SupportedDates` (0000 included), so that a
    /// caller with a longer form can give its own message for the first.
    static func parse(_ bytes: ArraySlice<UInt8>, text: String) throws(InvalidValue) -> LocalDateTime? {
        let bytes = Array(bytes)
        guard bytes.count == 16 || bytes.count == 19,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"),
              bytes.count == 16 || bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + length] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2),
              let second = bytes.count == 19 ? number(17, 2) : 0
        else { return nil }
        guard year >= SupportedDates.first.year else { throw SupportedDates.outside(text) }
        return LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counted
/// in 400-year eras (146,097 days each) with years starting in March, so that
/// the leap day is the last day of a year.
func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
}
