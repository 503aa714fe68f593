import ArgumentParsing
import TraqtCore

enum UnskipCommand: Command {
    static let spec = CommandSpec(
        "unskip",
        abstract: "Take back 'traqt skip' from one day to another.",
        discussion: """
            Takes back the skips of the activities given on those days (with --all, the \
            holiday for every activity; an activity's own skips stay, and the other way \
            round). Each occurrence is then what it would have been unskipped: pending while \
            its time is to come, and after that as due left it. Prints 'unskipped ID FROM to \
            TO' per activity ('unskipped every activity ...' with --all), or 'not skipped \
            ...' when there was nothing to take back. An unknown id exits 65 and changes nothing.
            """,
        arguments: [MarkOptions.ids],
        options: [MarkOptions.all, MarkOptions.from, MarkOptions.to, CommonOptions.now],
        examples: ["traqt unskip gym --from today", "traqt unskip --all --from 2026-12-26"])

    static func run(_ context: Context) throws {
        let target = try MarkOptions.target(context)
        let now = try context.now()
        let (from, to) = try MarkOptions.range(context, now: now)
        let store = try context.openForWriting(createIfMissing: false)
        let outcomes = try store.unmark(.skipped, target, from: from, to: to)
        StoreChangeView.marked(outcomes, changed: "unskipped", unchanged: "not skipped", from: from, to: to).write(to: context.output)
    }
}
