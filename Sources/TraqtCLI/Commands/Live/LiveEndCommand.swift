import ArgumentParsing
import TraqtCore

enum LiveEndCommand: Command {
    static let spec = CommandSpec(
        "end",
        abstract: "End live activities: the ids given (all or none), or all that run.",
        discussion: """
            Prints 'ended ID (ELAPSED)' per id, or 'already ended ID (ELAPSED)' for one that \
            had ended (not an error). An unknown id exits 65 and ends nothing. --dismiss says \
            how long it stays listed as ended: default (4 hours), immediate, a duration after \
            the end (15m), or a date and time; never more than 4 hours after the end. Ending \
            one that runs on an activity records the time spent on it.
            """,
        arguments: [ArgumentSpec("id", optional: true, repeating: true, completion: CompletionKinds.liveIDs, help: "The live activities to end.")],
        options: [
            all, type, state, dismiss,
            CommonOptions.now,
        ],
        examples: [
            "traqt live end walk-dog --dismiss immediate",
            "traqt live end --all --type delivery --state '{\"status\":\"delivered\"}'",
        ])

    static let all = OptionSpec("all", help: "End every live activity that runs (of --type, if given).")
    static let type = OptionSpec("type", .value(name: "type"), help: "With --all: only those of this type.")
    static let state = OptionSpec("state", .value(name: "json"), help: "The final state: a JSON object, at most 4096 bytes as compact JSON.")
    static let dismiss = OptionSpec("dismiss", .value(name: "policy"), completion: .words(["default", "immediate"]),
                                    help: "default (4h after the end), immediate, a duration after the end, or a date and time; at most 4h after the end.")

    static func run(_ context: Context) throws {
        let ids = context.arguments.positionals
        let all = context.arguments.flag(Self.all)
        if all == !ids.isEmpty {
            throw UsageError(all ? "'--all' cannot be used with ids" : "Missing expected argument '<id> ...' (or --all)",
                             command: context.command)
        }
        let type = try LiveOptions.type(Self.type, context)
        if type != nil && !all {
            throw UsageError("'--type' is only used with '--all'", command: context.command)
        }
        let now = try context.now()
        // A time alone is on the command's day: the one --now names, if given.
        let dismissal = try context.parse(Self.dismiss) { (text) throws(InvalidValue) in
            try DismissalPolicy.parse(text, today: { now.localDateTime })
        }
        let end = LiveEnd(state: try LiveOptions.object(Self.state, field: "state", context), dismissal: dismissal ?? .default)
        let store = try context.openForWriting(createIfMissing: false)
        let outcomes: [LiveOutcome]
        if all {
            outcomes = try store.endAllLive(type: type, end, now: now)
        } else {
            // An id given twice is ended once (compared byte for byte, as SQLite
            // compares ids; a scan, as command lines are short and a set costs start-up time).
            var unique: [String] = []
            for id in ids where !unique.contains(where: { $0.utf8.elementsEqual(id.utf8) }) { unique.append(id) }
            outcomes = try store.applyLive(unique.map { LiveEvent(id: $0, change: .end(end)) }, now: now)
        }
        LiveOutcomeView(outcomes, .liveCommand, ifNone: all ? "No live activities running." : nil).write(to: context.output)
    }
}
