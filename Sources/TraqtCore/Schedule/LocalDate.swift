/// A calendar date in the local zone, without a time: the day an occurrence
/// belongs to, whatever instant it happens at.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...daysInMonth(year: year, month: month)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date `days` days after 1970-01-01: the inverse of `daysSinceEpoch`,
    /// by the same 400-year eras and March-based years.
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719468
        let era = (shifted >= 0 ? shifted : shifted - 146096) / 146097
        let dayOfEra = shifted - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    public init(_ dateTime: LocalDateTime) {
        (year, month, day) = (dateTime.year, dateTime.month, dateTime.day)
    }

    public var daysSinceEpoch: Int { TraqtCore.daysSinceEpoch(year: year, month: month, day: day) }

    /// 0 = Sunday … 6 = Saturday, like `tm_wday` and the weekday mask bits.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSinceEpoch % 7) + 7 + 4) % 7
    }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// The Monday of this date's week (weeks run Monday to Sunday, like a planner).
    public var mondayOfWeek: LocalDate { adding(days: -((weekday + 6) % 7)) }

    /// This date at `time`, as a wall-clock date and time.
    public func at(_ time: TimeOfDay) -> LocalDateTime {
        LocalDateTime(checked: (year, month, day), hour: time.hour, minute: time.minute, second: 0)
    }

    /// `2026-11-29`.
    public var description: String { text { appendText(to: &$0) } }

    /// Appends `2026-11-29` without making a String: output paths write one per row.
    public func appendText(to buffer: inout [UInt8]) {
        appendTwoDigits(year / 100, to: &buffer)
        appendTwoDigits(year % 100, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendTwoDigits(month, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendTwoDigits(day, to: &buffer)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// Reads `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, or a weekday name
    /// (`mon`, `Friday`), meaning the next such day with `today` itself
    /// included; the date must be in `SupportedDates` (`tomorrow` on
    /// 9999-12-31 is not).
    public static func parse(_ text: String, today: LocalDate) throws(InvalidValue) -> LocalDate {
        let date = try parseUnchecked(text, today: today)
        guard SupportedDates.contains(date) else { throw SupportedDates.outside(text) }
        return date
    }

    private static func parseUnchecked(_ text: String, today: LocalDate) throws(InvalidValue) -> LocalDate {
        let word = text.trimmingWhitespace().lowercased()
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = Weekdays.weekday(named: word) {
            return today.adding(days: (weekday - today.weekday + 7) % 7)
        }
        let bytes = Array(word.utf8)
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        let invalid = InvalidValue("invalid date '\(text)'; expected YYYY-MM-DD, today, tomorrow, yesterday or a weekday name")
        guard bytes.count == 10, parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
              parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw invalid }
        // A well-formed year outside the range gets its own message, 0000 included.
        guard year >= SupportedDates.first.year else { throw SupportedDates.outside(text) }
        guard let date = LocalDate(year: year, month: month, day: day) else { throw invalid }
        return date
    }
}
