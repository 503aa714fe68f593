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
        if context.arguments.flag(CommonOptions.json) {
            try ActivityOutput.writeJSONArray(to: context.output, from: store, pending: filter)
            return
        }
        var count = 0
        try store.forEachRow(pending: filter) { row in
            let output = context.output
            context.appendTime(minutes: row.minutes, to: output)
            output.append("  ")
            row.withNameBytes { TextColumns.appendPrintable(utf8: $0, to: &output.bytes) }
            output.bytes.append(UInt8(ascii: "\n"))
            count += 1
            try context.output.flushIfFull()
        }
        if count == 0 && !context.arguments.flag(CommonOptions.quiet) {
            context.output.append("No pending activities.\n")
        }
    }
}
