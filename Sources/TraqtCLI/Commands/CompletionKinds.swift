import ArgumentParsing

/// What shells offer for the values several commands read, defined once.
/// Literal lists, built at every start with the table: a test checks that
/// traqt reads each word.
enum CompletionKinds {
    /// `--days`: names and keywords, separated by commas; `mask:` starts a bit mask.
    static let days = ValueCompletion.list(
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "daily", "weekdays", "weekends", "mask:"], separator: ",")
    /// `summary --date`: the words it reads besides YYYY-MM-DD.
    static let date = ValueCompletion.words(
        ["today", "tomorrow", "yesterday", "mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    /// The activities' ids, read from the database by the hidden listing command.
    static let activityIDs = ValueCompletion.dynamic([CompleteCommand.spec.name, CompleteCommand.ids])
    /// The ids of the live activities that run (active or stale).
    static let liveIDs = ValueCompletion.dynamic([CompleteCommand.spec.name, CompleteCommand.ids, "--live"])
}
