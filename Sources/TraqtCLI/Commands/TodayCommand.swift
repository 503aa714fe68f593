import ArgumentParsing
import TraqtCore

enum TodayCommand: Command {
    static let spec = CommandSpec(
        "today",
        abstract: "Show the activities still pending today (the default command).",
        discussion: """
            Pending: today's weekday is in the activity's days, its time of day has not \
            passed (an activity at 07:30 is pending until 07:30:59), and today is not \
            marked done or skipped for it ('traqt done', 'traqt skip').
            """ + " " + CommonOptions.colorNote,
        options: [CommonOptions.now, CommonOptions.json, CommonOptions.quiet],
        examples: ["traqt today", "traqt today --quiet   # in cron: no mail when nothing is pending",
                   "traqt today --now 2026-03-09T08:00 --json"])

    static func run(_ context: Context) throws {
        // The clock is read once; --now replaces it.
        let now = try context.now().localDateTime
        let filter = PendingFilter(at: now)
        let store = try context.openForReading()
        let view: any OutputView = context.arguments.flag(CommonOptions.json)
            ? ActivityJSONView(store: store, pending: filter)
            : PendingTodayView(store: store, pending: filter, quiet: context.arguments.flag(CommonOptions.quiet),
                               style: context.style)
        try view.write(to: context.output)
    }
}
