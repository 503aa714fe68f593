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
        // second prints, so memory stays flat however many rows there are. Rows
        // are written from SQLite's bytes; day summaries are made once per mask.
        var summaries = [[UInt8]?](repeating: nil, count: Weekdays.range.upperBound + 1)
        func summary(_ mask: Int) -> [UInt8] {
            if let known = summaries[mask] { return known }
            let text = Array((Weekdays(mask: mask)?.summary ?? "?").utf8)
            summaries[mask] = text
            return text
        }
        let headers = ["TIME", "DAYS", "ID", "NAME"]
        var count = 0
        try store.snapshot {
            var daysWidth = headers[1].count, idWidth = headers[2].count
            try store.forEachRow { row in
                daysWidth = max(daysWidth, summary(row.daysMask).count)
                idWidth = max(idWidth, row.withIDBytes(TextColumns.displayWidth(utf8:)))
                count += 1
            }
            guard count > 0 else { return }
            // Times are always HH:MM.
            let widths = [5, daysWidth, idWidth]
            context.output.append(TextColumns.line(headers.map { ($0, context.bold($0)) }, widths: widths))
            let output = context.output
            try store.forEachRow { row in
                if context.useColor { output.append(context.cyanStart) }
                TimeOfDay.appendText(minutes: row.minutes, to: &output.bytes)
                if context.useColor { output.append(context.styleEnd) }
                output.append("  ")
                let days = summary(row.daysMask)
                output.bytes.append(contentsOf: days)
                TextColumns.appendPadding(daysWidth - days.count + 2, to: &output.bytes)
                let shownWidth = row.withIDBytes { id in
                    TextColumns.appendPrintable(utf8: id, to: &output.bytes)
                    return TextColumns.displayWidth(utf8: id)
                }
                TextColumns.appendPadding(idWidth - shownWidth + 2, to: &output.bytes)
                row.withNameBytes { TextColumns.appendPrintable(utf8: $0, to: &output.bytes) }
                output.bytes.append(UInt8(ascii: "\n"))
                try output.flushIfFull()
            }
        }
        if count == 0 { context.output.append("No activities.\n") }
    }
}
