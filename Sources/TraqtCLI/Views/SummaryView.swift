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
        case (false, .json):
            try SummaryJSONView(days: days, spent: spent, week: false).write(to: output)
        case (true, .json):
            try SummaryJSONView(days: days, spent: spent, week: true).write(to: output)
        case (false, .markdown):
            try SummaryFormatting.writeDayMarkdown(days[0], quiet: quiet && spent[0].isEmpty, to: output)
            SummaryFormatting.writeTimeSpentMarkdown(spent[0], title: "Time spent", to: output)
        case (true, .markdown):
            try SummaryFormatting.writeWeekMarkdown(days, quiet: quiet && weekSpent.isEmpty, to: output)
            SummaryFormatting.writeTimeSpentMarkdown(weekSpent, title: "Time spent this week", to: output)
        case (false, .text):
            try SummaryFormatting.writeDayText(days[0], measuring: store, quiet: quiet && spent[0].isEmpty, style, to: output)
            SummaryFormatting.writeTimeSpentText(spent[0], title: "Time spent", style, to: output)
        case (true, .text):
            try SummaryFormatting.writeWeekText(days, measuring: store, width: width,
                                                quiet: quiet && weekSpent.isEmpty, style, to: output)
            SummaryFormatting.writeTimeSpentText(weekSpent, title: "Time spent this week", style, to: output)
        }
    }
}
