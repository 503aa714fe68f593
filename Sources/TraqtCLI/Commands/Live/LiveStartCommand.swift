import ArgumentParsing
import TraqtCore

enum LiveStartCommand: Command {
    static let spec = CommandSpec(
        "start",
        abstract: "Start a live activity: a stopwatch on an activity, or anything with --id.",
        discussion: """
            Prints 'started ID'. With ACTIVITY_ID the live activity runs on that activity \
            (its time spent is recorded when it ends) and takes its id unless --id is given; \
            without it, --id is required. An id that is active or stale cannot start again \
            (exit 65); one whose run has ended starts a new run.
            """,
        arguments: [ArgumentSpec("activity-id", optional: true, completion: CompletionKinds.activityIDs, help: "The activity to run on (see 'traqt list').")],
        options: [
            id, type, attributes,
            LiveOptions.state, LiveOptions.staleAfter, LiveOptions.staleAt, LiveOptions.relevance,
            maxDuration,
            CommonOptions.now,
        ],
        examples: [
            "traqt live start walk-dog",
            "traqt live start --id pizza --type delivery --attributes '{\"name\":\"Pizza\"}' --state '{\"eta\":\"19:40\"}'",
        ])

    static let id = OptionSpec("id", .value(name: "id"), completion: CompletionKinds.activityIDs, help: "The live activity's id (default: the activity's id).")
    static let type = OptionSpec("type", .value(name: "type"), help: "What kind of live activity it is (default: stopwatch).")
    static let attributes = OptionSpec("attributes", .value(name: "json"),
                                       help: "Static attributes: a JSON object, at most 4096 bytes as compact JSON; never changed.")
    static let maxDuration = OptionSpec("max-duration", .value(name: "duration"),
                                        help: "It counts as ended this long after its start unless ended before (default 8h; 0: no limit).")

    static func run(_ context: Context) throws {
        let activityID = context.arguments.positionals.first
        guard let id = try LiveOptions.id(Self.id, context) ?? activityID else {
            throw UsageError("Missing expected argument '--id <id>' (needed without an activity)", command: context.command)
        }
        let start = LiveStart(
            type: try LiveOptions.type(Self.type, context) ?? LiveActivity.defaultType,
            activity: activityID.map(LiveStart.Activity.required) ?? .none,
            attributes: try LiveOptions.object(Self.attributes, field: "attributes", context) ?? .empty,
            state: try LiveOptions.object(LiveOptions.state, field: "state", context) ?? .empty,
            stale: try LiveOptions.stale(context),
            relevance: try LiveOptions.relevance(context) ?? 0,
            maxDuration: try context.parse(Self.maxDuration, TimeSpan.parse) ?? LiveActivity.defaultMaxDuration)
        let now = try context.now()
        let store = try context.openForWriting(createIfMissing: true)
        LiveOutcomeView(try store.applyLive([LiveEvent(id: id, change: .start(start))], now: now), .liveCommand).write(to: context.output)
    }
}
