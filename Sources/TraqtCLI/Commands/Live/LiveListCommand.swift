import ArgumentParsing
import TraqtCore

enum LiveListCommand: Command {
    static let spec = CommandSpec(
        "list",
        abstract: "List live activities, most relevant first, with elapsed time and status.",
        discussion: """
            Shows the active, stale and ended (not yet dismissed) ones by relevance \
            (highest first), then start, then id. --json prints an array of objects with id, \
            type, activityId, name (the activity's name, else the name or title attribute, else \
            the id), attributes, state, status, startedAt, updatedAt, endedAt, staleAt, \
            dismissAt (ISO 8601 with offset, or null), relevance, elapsedSeconds, elapsed, \
            pushToken, sentAt (the timestamp of the last push applied), alert and alertAt (the \
            last event's alert), and channel (its broadcast channel). \
            Reads only: never changes or creates the database.
            """ + " " + CommonOptions.colorNote,
        options: [
            all, json,
            CommonOptions.now,
        ],
        examples: ["traqt live list", "traqt live list --json | jq -r '.[] | \"\\(.elapsed) \\(.name)\"'"])


    static let all = OptionSpec("all", help: "Also list the dismissed ones still stored (kept 90 days).")
    static let json = OptionSpec("json", help: "Print a JSON array.")

    static func run(_ context: Context) throws {
        let now = try context.now()
        let store = try context.openForReading()
        let activities = try store.liveActivities(now: now, includeDismissed: context.arguments.flag(Self.all))
        let view: any OutputView = context.arguments.flag(Self.json)
            ? LiveJSONView(activities: activities, now: now)
            : LiveTableView(activities: activities, now: now, style: context.style)
        try view.write(to: context.output)
    }
}
