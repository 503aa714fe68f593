import ArgumentParsing
import TraqtCore

/// What done, undone, skip and unskip share: their options, how they read
/// dates and ranges, and the line printed per target.
enum MarkOptions {
    /// The longest range one skip or unskip takes, in days.
    static let maximumDays = 366

    static let date = OptionSpec(
        "date", .value(name: "date"),
        help: "The day: YYYY-MM-DD, today (default), tomorrow, yesterday, or a weekday name (the next such day, today included).")
    static let from = OptionSpec(
        "from", .value(name: "date"), required: true,
        help: "The first day: YYYY-MM-DD, today, tomorrow, yesterday, or a weekday name (the next such day, today included).")
    static let to = OptionSpec(
        "to", .value(name: "date"),
        help: "The last day, read as --from is (default: the --from day); at most 366 days in all.")
    static let all = OptionSpec("all", help: "Every activity, those added later included: a holiday.")
    static let ids = ArgumentSpec("id", optional: true, repeating: true, help: "The activities (see 'traqt list').")

    /// `--date`, or today (of `now`).
    static func day(_ context: Context, now: Instant) throws(UsageError) -> LocalDate {
        let today = now.localDate
        return try context.parse(Self.date) { (text) throws(InvalidValue) in try LocalDate.parse(text, today: today) } ?? today
    }

    /// `--from` and `--to` (default: `--from`): in order, at most `maximumDays`.
    static func range(_ context: Context, now: Instant) throws(UsageError) -> (from: LocalDate, to: LocalDate) {
        let today = now.localDate
        let read = { (text: String) throws(InvalidValue) -> LocalDate in try LocalDate.parse(text, today: today) }
        let from = try context.parse(required: Self.from, read)
        let to = try context.parse(Self.to, read) ?? from
        do { return try checkedRange(from: from, to: to) } catch {
            throw UsageError(error.message, command: context.command)
        }
    }

    /// A range of days to mark, as the command line and the server take it.
    static func checkedRange(from: LocalDate, to: LocalDate) throws(InvalidValue) -> (from: LocalDate, to: LocalDate) {
        guard from <= to else { throw InvalidValue("'--to' (\(to)) is before '--from' (\(from))") }
        let days = to.daysSinceEpoch - from.daysSinceEpoch + 1
        guard days <= maximumDays else { throw InvalidValue("a range of \(days) days; at most \(maximumDays) are allowed") }
        return (from, to)
    }

    /// The ids given, or every activity with `--all` (one or the other).
    static func target(_ context: Context) throws(UsageError) -> MarkTarget {
        let ids = context.arguments.positionals, all = context.arguments.flag(Self.all)
        if all == !ids.isEmpty {
            throw UsageError(all ? "'--all' cannot be used with ids" : "Missing expected argument '<id> ...' (or --all)",
                             command: context.command)
        }
        return all ? .everyActivity : .activities(ids)
    }
}
