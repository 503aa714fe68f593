import ArgumentParsing
import TraqtCore

enum SummaryCommand: Command {
    static let spec = CommandSpec(
        "summary",
        abstract: "Show a day's (or a week's) activities with what became of each reminder.",
        discussion: """
            Every activity scheduled that day, in time order, with its status: fired (at \
            what time, how late), failed (its --exec command failed), missed, pending \
            (still to come today, or not yet seen by a due run), upcoming (a later day), \
            or past (before due first ran on this database: nothing is known). Reads only: \
            never changes or creates the database.
            """,
        options: [
            OptionSpec("date", .value(name: "date"),
                       help: "The day: YYYY-MM-DD, today (default), tomorrow, yesterday, or a weekday name (the next such day, today included)."),
            CommonOptions.nowInstant,
            OptionSpec("week", help: "The seven days from Monday of that week, as a grid: times down, days across."),
            OptionSpec("json", help: "Print one JSON document."),
            OptionSpec("markdown", help: "Print Markdown, for mail or a wiki."),
            OptionSpec("quiet", short: "q", help: "Print nothing when there are no activities (so cron sends no mail); --json still prints its document."),
        ],
        examples: [
            "traqt summary",
            "traqt summary --date tomorrow",
            "traqt summary --week --markdown | mail -s 'This week' me@example.org",
            "traqt summary --date mon --json",
        ])

    static func run(_ context: Context) throws {
        let json = context.arguments.flag("json"), markdown = context.arguments.flag("markdown")
        if json && markdown {
            throw UsageError("'--json' and '--markdown' cannot be used together", command: context.command)
        }
        // The clock is read once; --now replaces it.
        let now = try context.parse("now", Instant.parse) ?? Instant.now()
        let today = now.localDate
        let date = try context.parse("date") { (text) throws(InvalidValue) in try LocalDate.parse(text, today: today) } ?? today
        let week = context.arguments.flag("week")
        let dates = week ? (0..<7).map { date.mondayOfWeek.adding(days: $0) } : [date]

        let store = try context.openForReading()
        let days = try store.agenda(for: dates, now: now)
        // --json always prints a document: a script parses it, cron mails only text.
        if context.arguments.flag("quiet") && !json && days.allSatisfy({ $0.entries.isEmpty }) { return }

        let output = context.output
        switch (week, json, markdown) {
        case (false, true, _):
            days[0].appendJSON(to: &output.bytes)
            output.append("\n")
        case (true, true, _):
            output.append("{\"weekOf\":\"\(dates[0])\",\"days\":[")
            for (index, day) in days.enumerated() {
                if index > 0 { output.append(",") }
                day.appendJSON(to: &output.bytes)
            }
            output.append("]}\n")
        case (false, _, true):
            output.append(SummaryFormatting.dayMarkdown(days[0]))
        case (true, _, true):
            output.append(SummaryFormatting.weekMarkdown(days))
        case (false, _, _):
            let day = days[0]
            guard !day.entries.isEmpty else {
                output.append("No activities on \(SummaryFormatting.title(of: day.date)).\n")
                return
            }
            output.append(context.bold(SummaryFormatting.title(of: day.date)) + "\n")
            for line in SummaryFormatting.dayText(day) { output.append(line + "\n") }
        case (true, _, _):
            output.append(context.bold("Week of " + SummaryFormatting.title(of: dates[0])) + "\n")
            guard days.contains(where: { !$0.entries.isEmpty }) else {
                output.append("No activities.\n")
                return
            }
            for line in SummaryFormatting.weekText(days) { output.append(line + "\n") }
            output.append(SummaryFormatting.legend + "\n")
        }
    }
}
