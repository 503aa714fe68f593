import ArgumentParsing
import TraqtCore

enum SkipCommand: Command {
    static let spec = CommandSpec(
        "skip",
        abstract: "Skip activities, or every activity (a holiday), from one day to another.",
        discussion: """
            A skipped occurrence is not pending (today, watch, live status), due neither \
            fires it nor records it missed, summary shows it as skipped, and the calendar \
            export leaves it out. The skip covers the dates themselves: an activity later \
            given more days is skipped on those too; --all covers activities added later. \
            A day marked done stays done. Prints 'skipped ID FROM to TO' per activity \
            ('skipped every activity ...' with --all), or 'already skipped ...'. All or none: \
            an unknown id, an activity none of whose days is in the range, or an occurrence \
            in it that due has already fired, failed or recorded missed (what due decided \
            stays) exits 65 and skips nothing. 'traqt unskip' takes it back.
            """,
        arguments: [MarkOptions.ids],
        options: [MarkOptions.all, MarkOptions.from, MarkOptions.to, CommonOptions.now],
        examples: [
            "traqt skip gym --from today --to sun",
            "traqt skip --all --from 2026-12-24 --to 2026-12-26",
        ])

    static func run(_ context: Context) throws {
        let target = try MarkOptions.target(context)
        let now = try context.now()
        let (from, to) = try MarkOptions.range(context, now: now)
        // A holiday may be set before any activity exists; ids need a database.
        let store = try context.openForWriting(createIfMissing: target.isEveryActivity)
        let outcomes = try store.mark(.skipped, target, from: from, to: to, now: now)
        StoreChangeView.marked(outcomes, changed: "skipped", unchanged: "already skipped", from: from, to: to).write(to: context.output)
    }
}
