import ArgumentParsing
import TraqtCore

enum SummaryCommand: Command {
    static let spec = CommandSpec(
        "summary",
        abstract: "Show a day's (or a week's) activities with what became of each reminder.",
        discussion: """
            Every activity scheduled that day, in time order, with its status: fired (at \
            what time, how late), failed (its --exec command failed, or timed out: exit \
            124), started (its --exec command was started and no outcome recorded: due \
            was killed while it ran; it is never started again), claimed (a due --exec run \
            took it and was killed before starting its command: the next due runs it), \
            missed, done (marked by 'traqt done', and when), skipped ('traqt skip', alone or \
            for every activity), pending (still to come today, or not yet seen by a due run), \
            upcoming (a later day), or past (before due first ran on this database: nothing \
            is known). In a week, started and claimed are marked ? and ~. Then the \
            time spent that day on each activity, from the live activities that ran on it \
            ('traqt live start ID'; a session across midnight counts on each day for its \
            part; one still running counts up to now; an activity removed since keeps its \
            time, under the name it had); a week shows the week's totals. Reads only: \
            never changes or creates the database.
            """ + " " + CommonOptions.colorNote,
        options: [
            date,
            CommonOptions.now,
            week, json, markdown, quiet,
        ],
        examples: [
            "traqt summary",
            "traqt summary --date tomorrow",
            "traqt summary --week --markdown | mail -s 'This week' me@example.org",
            "traqt summary --date mon --json",
        ])

    static let date = OptionSpec("date", .value(name: "date"), completion: CompletionKinds.date,
                                 help: "The day: YYYY-MM-DD, today (default), tomorrow, yesterday, or a weekday name (the next such day, today included); from 1970-01-01 to 9999-12-31 (the first and last weeks are cut there).")
    static let week = OptionSpec("week", help: "The seven days from Monday of that week, as a grid: times down, days across. The grid fits COLUMNS, else the terminal's width: names are cut first, then the day headers drop the month; piped without COLUMNS, cells are 16 columns.")
    static let json = OptionSpec("json", help: "Print one JSON document.")
    static let markdown = OptionSpec("markdown", help: "Print Markdown, for mail or a wiki.")
    static let quiet = OptionSpec("quiet", short: "q", help: "Print nothing when there are no activities (so cron sends no mail); --json still prints its document.")

    static func run(_ context: Context) throws {
        try context.refuseTogether(Self.json, Self.markdown)
        let json = context.arguments.flag(Self.json), markdown = context.arguments.flag(Self.markdown)
        // The clock is read once; --now replaces it.
        let now = try context.now()
        let today = now.localDate
        let date = try context.parse(Self.date) { (text) throws(InvalidValue) in try LocalDate.parse(text, today: today) } ?? today
        let week = context.arguments.flag(Self.week)
        // The first and last weeks are cut at 1970-01-01 and 9999-12-31.
        let dates = week ? (0..<7).map { date.mondayOfWeek.adding(days: $0) }.filter(SupportedDates.contains) : [date]

        let store = try context.openForReading()
        let form: SummaryView.Form = json ? .json : markdown ? .markdown : .text
        // The week grid fits the terminal; only text needs its width.
        let width = week && form == .text ? context.terminalWidth() : nil
        // One snapshot: the measuring pass sees what the printing pass prints.
        try store.readAgenda(of: dates, now: now) { days in
            // In the same snapshot as the agenda.
            let spent = try dates.map { try store.timeSpent(on: $0, now: now) }
            try SummaryView(days: days, spent: spent, week: week, form: form, quiet: context.arguments.flag(Self.quiet),
                            store: store, width: width, style: context.style).write(to: context.output)
        }
    }
}
