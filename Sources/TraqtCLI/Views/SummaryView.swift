import TraqtCore

/// What `summary` prints for a day or a week: its agenda, then the time
/// spent, as text, Markdown or one JSON document. The agendas are cursors,
/// read as they are written, in the snapshot the command reads them in.
struct SummaryView: OutputView {
    enum Form { case text, markdown, json }

    /// One cursor for a day, seven (or fewer, at the ends of the supported dates) for a week.
    let days: [AgendaCursor]
    /// The time spent on each of `days`.
    let spent: [[TimeSpent]]
    let week: Bool
    let form: Form
    /// Nothing when there is neither an activity nor time spent; JSON always prints its document.
    let quiet: Bool
    /// Text is measured first by a pass over the names in the same snapshot.
    let store: ActivityStore
    /// How many columns a week's text grid may use; nil for no limit.
    let width: Int?
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        let weekSpent = TimeSpent.totals(spent)
        switch (week, form) {
        case (_, .json):
            try SummaryJSONView(days: days, spent: spent, week: week).write(to: output)
        case (false, _):
            try SummaryDayView(day: days[0], markdown: form == .markdown, quiet: quiet && spent[0].isEmpty,
                               store: store, style: style).write(to: output)
            TimeSpentView(entries: spent[0], title: "Time spent", markdown: form == .markdown, style: style).write(to: output)
        case (true, _):
            try SummaryWeekView(week: days, markdown: form == .markdown, quiet: quiet && weekSpent.isEmpty,
                                store: store, width: width, style: style).write(to: output)
            TimeSpentView(entries: weekSpent, title: "Time spent this week", markdown: form == .markdown, style: style)
                .write(to: output)
        }
    }
}
