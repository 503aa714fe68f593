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
        let view: any OutputView = context.arguments.flag(CommonOptions.json)
            ? ActivityJSONView(store: store) : ActivityTableView(store: store, style: context.style)
        try view.write(to: context.output)
    }
}
