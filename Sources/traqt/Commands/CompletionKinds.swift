import ArgumentParsing
import TraqtCore

/// What shells offer for the values several commands read, defined once.
enum CompletionKinds {
    /// Day names, Monday first, as --days and --date read them.
    static let dayNames = Array(Weekdays.shortNames.dropFirst()) + [Weekdays.shortNames[0]]
    /// `--days`: names and keywords, separated by commas; `mask:` starts a bit mask.
    static let days = ValueCompletion.list(dayNames + ["daily", "weekdays", "weekends", "mask:"], separator: ",")
    /// `summary --date`: the words it reads besides YYYY-MM-DD.
    static let date = ValueCompletion.words(["today", "tomorrow", "yesterday"] + dayNames)
    /// The activities' ids, read from the database by the hidden listing command.
    static let activityIDs = ValueCompletion.dynamic([CompleteCommand.spec.name, CompleteCommand.ids])
    /// The ids of the live activities that run (active or stale).
    static let liveIDs = ValueCompletion.dynamic([CompleteCommand.spec.name, CompleteCommand.ids, "--live"])
}
