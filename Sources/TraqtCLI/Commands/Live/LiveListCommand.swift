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
            dismissAt (ISO 8601 with offset, or null), relevance, elapsedSeconds and elapsed. \
            Reads only: never changes or creates the database.
            """ + " " + CommonOptions.colorNote,
        options: [
            all, json,
            CommonOptions.now,
        ],
        examples: ["traqt live list", "traqt live list --json | jq -r '.[] | \"\\(.elapsed) \\(.name)\"'"])

    static let headers = ["ELAPSED", "STATUS", "TYPE", "ID", "NAME"]

    static let all = OptionSpec("all", help: "Also list the dismissed ones still stored (kept 90 days).")
    static let json = OptionSpec("json", help: "Print a JSON array.")

    static func run(_ context: Context) throws {
        let now = try context.now()
        let store = try context.openForReading()
        let activities = try store.liveActivities(now: now, includeDismissed: context.arguments.flag(Self.all))
        let output = context.output
        if context.arguments.flag(Self.json) {
            for (index, activity) in activities.enumerated() {
                output.append(index == 0 ? "[\n  " : ",\n  ")
                activity.appendJSON(to: &output.bytes, now: now)
                try output.flushIfFull()
            }
            output.append(activities.isEmpty ? "[]\n" : "\n]\n")
            return
        }
        guard !activities.isEmpty else {
            output.append("No live activities.\n")
            return
        }
        let rows = activities.map { activity in
            [LiveActivity.elapsedText(seconds: activity.elapsedSeconds(at: now)), activity.status(at: now).rawValue,
             TextColumns.printable(activity.type), TextColumns.printable(activity.id), TextColumns.printable(activity.name)]
        }
        var widths = headers.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TextColumns.displayWidth(cell)) }
        }
        output.append(TextColumns.line(headers.map { ($0, context.bold($0)) }, widths: widths))
        for row in rows { output.append(TextColumns.line(row.map { ($0, $0) }, widths: widths)) }
    }
}
