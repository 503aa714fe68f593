import ArgumentParsing
import TraqtCore

enum RemoveCommand: Command {
    static let spec = CommandSpec(
        "remove",
        abstract: "Remove activities by id: all of them, or none if any id is unknown.",
        arguments: [ArgumentSpec("id", repeating: true, help: "The ids to remove (see 'traqt list').")],
        examples: ["traqt remove walk-dog standup"])

    static func run(_ context: Context) throws {
        // Repeats are dropped byte for byte, as the store compares ids: String
        // equality would merge "café" written precomposed and decomposed.
        var seen = Set<[UInt8]>()
        let ids = context.arguments.positionals.filter { seen.insert(Array($0.utf8)).inserted }
        // A missing database is not created just to find the ids unknown.
        let store = try context.openForWriting(createIfMissing: false)
        try store.remove(ids: ids)
        for id in ids { context.output.append("removed \(TextColumns.printable(id))\n") }
    }
}
