import ArgumentParsing
import TraqtCore

enum LiveUpdateCommand: Command {
    static let spec = CommandSpec(
        "update",
        abstract: "Update a running live activity's state.",
        discussion: """
            Prints 'updated ID'. --state replaces the state; --set KEY=VALUE (repeatable) sets \
            top-level keys and keeps the rest, VALUE read as JSON when it is valid JSON, else \
            as a string. Without either the state stays. The stale time belongs to the content: \
            an update without --stale-after or --stale-at clears it. Updating an unknown or \
            ended id exits 65 and changes nothing.
            """,
        arguments: [ArgumentSpec("id", completion: CompletionKinds.liveIDs, help: "The live activity to update.")],
        options: [
            LiveOptions.state,
            set,
            LiveOptions.staleAfter, LiveOptions.staleAt, LiveOptions.relevance, CommonOptions.now,
        ],
        examples: [
            "traqt live update pizza --set eta=19:45 --set driver=Ana --stale-after 10m",
            "traqt live update build --state '{\"step\":3,\"of\":5}'",
        ])

    static let set = OptionSpec("set", .value(name: "key=value"), help: "Set one top-level key of the state; repeatable.")

    static func run(_ context: Context) throws {
        let id = context.arguments.positionals[0]
        try context.refuseTogether(LiveOptions.state, Self.set)
        let replacement = try LiveOptions.object(LiveOptions.state, field: "state", context)
        let changes = try (context.arguments.values(Self.set) ?? []).map { (text) throws(UsageError) in
            try member(text, context)
        }
        let state: LiveUpdate.State = replacement.map(LiveUpdate.State.replace) ?? (changes.isEmpty ? .keep : .set(changes))
        let update = LiveUpdate(state: state, stale: try LiveOptions.stale(context),
                                relevance: try LiveOptions.relevance(context))
        let now = try context.now()
        let store = try context.openForWriting(createIfMissing: false)
        LiveOutcomeView(try store.applyLive([LiveEvent(id: id, change: .update(update))], now: now), .liveCommand).write(to: context.output)
    }

    /// `KEY=VALUE`: the value as JSON when it is valid JSON, else as a string.
    private static func member(_ text: String, _ context: Context) throws(UsageError) -> (key: String, value: JSONValue) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError("Invalid value for '--set': '\(text)'; expected KEY=VALUE", command: context.command)
        }
        let key = String(text[..<equals]), value = String(text[text.index(after: equals)...])
        return (key, (try? JSONParser.parse(Array(value.utf8))) ?? .string(value))
    }
}
