import ArgumentParsing
import TraqtCore

enum RemoveCommand: Command {
    static let spec = CommandSpec(
        "remove",
        abstract: "Remove activities by id: all of them, or none if any id is unknown.",
        arguments: [ArgumentSpec("id", repeating: true, completion: CompletionKinds.activityIDs, help: "The ids to remove (see 'traqt list').")],
        examples: ["traqt remove walk-dog standup"])

    static func run(_ context: Context) throws {
        // A missing database is not created just to find the ids unknown.
        let store = try context.openForWriting(createIfMissing: false)
        StoreChangeView.removed(ids: try store.remove(ids: context.arguments.positionals)).write(to: context.output)
    }
}
