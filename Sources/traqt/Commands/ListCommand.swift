import ArgumentParsing
import TraqtCore

enum ListCommand: Command {
    static let spec = CommandSpec(
        "list",
        abstract: "List all activities, by time of day, then name.",
        options: [CommonOptions.json],
        examples: ["traqt list", "traqt list --json | jq -r '.[].id'"])

    static func run(_ context: Context) throws {
        let store = try context.openForReading()
        if context.arguments.flag("json") {
            try ActivityOutput.writeJSONArray(to: context.output) { (body) throws in try store.forEachActivity(body) }
            return
        }
        var rows = [["TIME", "DAYS", "ID", "NAME"].map(context.bold)]
        try store.forEachActivity { activity in
            rows.append([context.cyan(activity.time.description), activity.days.summary,
                         TextColumns.printable(activity.id), TextColumns.printable(activity.name)])
        }
        guard rows.count > 1 else {
            context.output.append("No activities.\n")
            return
        }
        for line in TextColumns.render(rows) {
            context.output.append(line + "\n")
            try context.output.flushIfFull()
        }
    }
}
