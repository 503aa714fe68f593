/// The dates traqt reads, computes with and shows: 1970-01-01 through
/// 9999-12-31 in the local zone, the span of `Timestamp.representable` (dates
/// of four digits, none before the epoch). A date or moment outside it is
/// refused where it is read; a window or week that reaches past either end
/// is cut there.
public enum SupportedDates {
    public static let first = LocalDate(daysSinceEpoch: 0)
    public static let last = LocalDate(daysSinceEpoch: 2_932_896)

    public static func contains(_ date: LocalDate) -> Bool { first <= date && date <= last }

    /// The instants whose date in the local zone is supported: from midnight
    /// of the first day to the last second of the last.
    public static func instants() -> ClosedRange<Int> {
        LocalZone.instant(of: first.at(.midnight))...(LocalZone.instant(of: last.adding(days: 1).at(.midnight)) - 1)
    }

    /// `range` cut to the supported instants; nil when nothing of it is left.
    static func clip(_ range: ClosedRange<Int>?) -> ClosedRange<Int>? {
        guard let range else { return nil }
        let supported = instants()
        let lower = max(range.lowerBound, supported.lowerBound), upper = min(range.upperBound, supported.upperBound)
        return lower <= upper ? lower...upper : nil
    }

    /// The error for a well-formed date or moment outside the range.
    static func outside(_ text: String) -> InvalidValue {
        InvalidValue("'\(text)' is outside the dates traqt supports, 1970-01-01 to 9999-12-31")
    }
}
