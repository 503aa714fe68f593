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
            try ActivityOutput.writeJSONArray(to: context.output, from: store)
            return
        }
        // Two passes over one snapshot: the first measures the columns, the
        // second prints, so memory stays flat however many rows there are.
        var summaries = [String?](repeating: nil, count: Weekdays.range.upperBound + 1)
        func summary(_ days: Weekdays) -> String {
            if let known = summaries[days.mask] { return known }
            summaries[days.mask] = days.summary
            return days.summary
        }
        let headers = ["TIME", "DAYS", "ID", "NAME"]
        var count = 0
        try store.snapshot {
            // Times are always HH:MM.
            var widths = [5] + headers.dropFirst().map(TextColumns.displayWidth)
            try store.forEachActivity { activity in
                widths[1] = max(widths[1], summary(activity.days).utf8.count)
                widths[2] = max(widths[2], TextColumns.displayWidth(TextColumns.printable(activity.id)))
                count += 1
            }
            guard count > 0 else { return }
            context.output.append(TextColumns.line(headers.map { ($0, context.bold($0)) }, widths: widths))
            try store.forEachActivity { activity in
                let time = activity.time.description, days = summary(activity.days)
                let id = TextColumns.printable(activity.id)
                context.output.append(TextColumns.line(
                    [(time, context.cyan(time)), (days, days), (id, id), ("", TextColumns.printable(activity.name))],
                    widths: widths))
                try context.output.flushIfFull()
            }
        }
        if count == 0 { context.output.append("No activities.\n") }
    }
}
