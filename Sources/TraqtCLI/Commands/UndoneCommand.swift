import ArgumentParsing
import TraqtCore

enum UndoneCommand: Command {
    static let spec = CommandSpec(
        "undone",
        abstract: "Take back 'traqt done' for a day (today by default).",
        discussion: """
            The occurrence is what it would have been unmarked: pending while its time is \
            to come (due fires it, late within --grace), and after that as due left it. A \
            skip of that day stays. Prints 'undone ID DATE' per activity, or 'not done ID \
            DATE' when it was not marked done. An unknown id exits 65 and changes nothing.
            """,
        arguments: [ArgumentSpec("id", repeating: true, help: "The activities (see 'traqt list').")],
        options: [MarkOptions.date, CommonOptions.now],
        examples: ["traqt undone walk-dog", "traqt undone gym --date yesterday"])

    static func run(_ context: Context) throws {
        let now = try context.now()
        let date = try MarkOptions.day(context, now: now)
        let store = try context.openForWriting(createIfMissing: false)
        let outcomes = try store.unmark(.done, .activities(context.arguments.positionals), from: date, to: date)
        StoreChangeView.marked(outcomes, changed: "undone", unchanged: "not done", from: date, to: date).write(to: context.output)
    }
}
