/// A set of weekdays as a 7-bit mask: bit 0 = Sunday … bit 6 = Saturday, as in
/// cron and `struct tm`'s `tm_wday`. A schedule always has at least one day.
public struct Weekdays: Hashable, Sendable {
    public static let range: ClosedRange<Int> = 1...127
    public static let daily = Weekdays(uncheckedMask: 127)
    public static let weekdays = Weekdays(uncheckedMask: 62)
    public static let weekends = Weekdays(uncheckedMask: 65)

    /// Short names in bit order, Sunday first.
    public static let shortNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    public let mask: Int

    public init?(mask: Int) {
        guard Self.range.contains(mask) else { return nil }
        self.mask = mask
    }

    private init(uncheckedMask: Int) { mask = uncheckedMask }

    /// Whether the day with `tm_wday` number `weekday` (0 = Sunday) is in the set.
    public func contains(weekday: Int) -> Bool {
        (mask >> weekday) & 1 == 1
    }

    /// Short day names in bit order, Sunday first: `["sun", "sat"]`.
    public var names: [String] {
        (0..<7).filter { contains(weekday: $0) }.map { Self.shortNames[$0] }
    }

    /// A compact form for people that `parse` reads back: `daily`, `weekdays`,
    /// `weekends`, else Monday-first names with runs of three or more as ranges
    /// (`mon-thu,sat`).
    public var summary: String {
        switch self {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .weekends: return "weekends"
        default: break
        }
        let mondayFirst = [1, 2, 3, 4, 5, 6, 0]
        var parts: [String] = []
        var index = 0
        while index < mondayFirst.count {
            guard contains(weekday: mondayFirst[index]) else { index += 1; continue }
            var end = index
            while end + 1 < mondayFirst.count && contains(weekday: mondayFirst[end + 1]) { end += 1 }
            let first = Self.shortNames[mondayFirst[index]], last = Self.shortNames[mondayFirst[end]]
            switch end - index {
            case 0: parts.append(first)
            case 1: parts += [first, last]
            default: parts.append("\(first)-\(last)")
            }
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

// MARK: - Parsing

extension Weekdays {
    private static let namesByWeekday: [[String]] = [
        ["sun", "sunday"],
        ["mon", "monday"],
        ["tue", "tues", "tuesday"],
        ["wed", "wednesday"],
        ["thu", "thur", "thurs", "thursday"],
        ["fri", "friday"],
        ["sat", "saturday"],
    ]

    /// The `tm_wday` number of a day name (`mon`, `Monday`, `TUE`…), or nil.
    public static func weekday(named name: String) -> Int? {
        let lowered = name.lowercased()
        return namesByWeekday.firstIndex { $0.contains(lowered) }
    }

    /// What a bad `--days` is told to look like.
    static let expectedForms = "day names (mon…sun, monday…sunday), cron's day numbers (0 or 7 = Sunday, 1 = Monday … 6 = Saturday), ranges (mon-fri, 1-5), daily, weekdays, weekends, or mask:N (1…127, bit 0 = Sunday)"

    /// Reads `mon,wed,fri`, `mon-fri` (ranges may wrap: `fri-mon`), cron's day
    /// numbers (`1-5`, `1,3,5`; `0` and `7` are Sunday), `daily`, `*`,
    /// `weekdays`, `weekend(s)`, full or short names in any case, any mix of
    /// those separated by commas, or the bit mask itself as `mask:N` (1…127).
    /// Repeats are harmless.
    ///
    /// Numbers are cron's day numbers rather than the mask because cron users
    /// type `1-5`: reading `5` as a mask (Sunday and Tuesday) would silently
    /// schedule the wrong days.
    public static func parse(_ text: String) throws(InvalidValue) -> Weekdays {
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased().hasPrefix("mask:") {
            let digits = String(trimmed.dropFirst(5)).trimmingWhitespace()
            guard let number = Int(digits), let days = Weekdays(mask: number) else {
                throw InvalidValue("'\(text)': the mask must be a number 1…127 (bit 0 = Sunday … bit 6 = Saturday)")
            }
            return days
        }
        var mask = 0
        for rawPart in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(rawPart).trimmingWhitespace()
            guard !part.isEmpty else {
                throw InvalidValue("'\(text)' has an empty day; expected \(expectedForms)")
            }
            mask |= try partMask(part)
        }
        return Weekdays(uncheckedMask: mask)
    }

    private static func partMask(_ part: String) throws(InvalidValue) -> Int {
        switch part.lowercased() {
        case "daily", "everyday", "*": return Weekdays.daily.mask
        case "weekdays": return Weekdays.weekdays.mask
        case "weekends", "weekend": return Weekdays.weekends.mask
        default: break
        }
        let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        switch ends.count {
        case 1:
            return 1 << (try day(ends[0]))
        case 2:
            let first = try day(ends[0]), last = try day(ends[1])
            // `0-6` and `1-7` (cron) are the whole week; `7` as an end is Sunday.
            if ends[0].trimmingWhitespace() == "0" && ends[1].trimmingWhitespace() == "7" {
                return Weekdays.daily.mask
            }
            var mask = 0, weekday = first
            while true {
                mask |= 1 << weekday
                if weekday == last { return mask }
                weekday = (weekday + 1) % 7
            }
        default:
            throw InvalidValue("'\(part)' is not a day range; expected e.g. 'mon-fri' or '1-5'")
        }
    }

    /// A day name, or one of cron's day numbers 0…7 (0 and 7 are Sunday).
    private static func day(_ name: String) throws(InvalidValue) -> Int {
        let word = name.trimmingWhitespace()
        if word.count == 1, let number = Int(word) {
            guard number <= 7 else {
                throw InvalidValue("day number \(number) is out of range; cron's day numbers are 0…7 (0 and 7 = Sunday); a bit mask is written mask:N")
            }
            return number % 7
        }
        guard let weekday = weekday(named: word) else {
            throw InvalidValue("unknown day '\(name)'; expected \(expectedForms)")
        }
        return weekday
    }
}
