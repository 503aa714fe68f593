import ArgumentParsing
import TraqtCore

enum ListCommand: Command {
    static let spec = CommandSpec(
        "list",
        abstract: "List all activities, by time of day, then name.",
        discussion: """
            Columns line up by terminal width, as Unicode \(UnicodeWidth.unicodeVersion)'s East Asian Width and \
            emoji data give it: emoji and East Asian wide characters take two columns, \
            combining marks, joiners and variation selectors none, and an emoji sequence \
            (a family, a flag, a heart with U+FE0F) is one two-column emoji. Control \
            characters in names are shown as U+FFFD.
            """ + " " + CommonOptions.colorNote,
        options: [CommonOptions.json],
        examples: ["traqt list", "traqt list --json | jq -r '.[].id'"])

    static func run(_ context: Context) throws {
        let store = try context.openForReading()
        if context.arguments.flag(CommonOptions.json) {
            try ActivityOutput.writeJSONArray(to: context.output, from: store)
            return
        }
        var table = ActivityTable()
        // One snapshot for both passes: what is measured is what is printed.
        try store.snapshot {
            try store.forEachRow { table.measure($0) }
            guard table.rowCount > 0 else { return }
            table.appendHeader(to: context.output, context)
            if table.keptAll {
                table.appendKeptRows(to: context.output, context)
            } else {
                try store.forEachRow { row in
                    table.append(row, to: context.output, context)
                    try context.output.flushIfFull()
                }
            }
        }
        if table.rowCount == 0 { context.output.append("No activities.\n") }
    }
}
