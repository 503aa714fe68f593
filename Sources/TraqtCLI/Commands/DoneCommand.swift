import ArgumentParsing
import TraqtCore

enum DoneCommand: Command {
    static let spec = CommandSpec(
        "done",
        abstract: "Mark activities done on a day (today by default).",
        discussion: """
            A done occurrence is no longer pending (today, watch, live status), due neither \
            fires it nor records it missed, summary shows it as done with the time it was \
            marked, and the calendar export leaves it out. Done replaces a skip of that day. \
            Prints 'done ID DATE' per activity, or 'already done ID DATE'. All or none: an \
            unknown id, a day that is not one of the activity's days, or an occurrence that \
            due has already fired, failed or recorded missed (what due decided stays) exits \
            65 and marks nothing. 'traqt undone' takes it back.
            """,
        arguments: [ArgumentSpec("id", repeating: true, help: "The activities done (see 'traqt list').")],
        options: [MarkOptions.date, CommonOptions.now],
        examples: ["traqt done walk-dog", "traqt done gym standup --date yesterday"])

    static func run(_ context: Context) throws {
        let now = try context.now()
        let date = try MarkOptions.day(context, now: now)
        let store = try context.openForWriting(createIfMissing: false)
        let outcomes = try store.mark(.done, .activities(context.arguments.positionals), from: date, to: date, now: now)
        StoreChangeView.marked(outcomes, changed: "done", unchanged: "already done", from: date, to: date).write(to: context.output)
    }
}
