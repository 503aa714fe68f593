import ArgumentParsing
import TraqtCore

enum EditCommand: Command {
    static let spec = CommandSpec(
        "edit",
        abstract: "Change an activity's name, days, time or id; what is not given stays as it is.",
        discussion: """
            Only the options given change: 'traqt edit gym --at 7pm' keeps the days and the \
            name. The id stays the same unless --new-id is given, even when the name changes. \
            A new id takes the activity's history along in the same transaction: what due \
            recorded (so nothing fires twice), the days marked done or skipped, the time \
            spent, and the live activities that run on it (each keeps its own id). Records \
            and marks that a removed activity left under the new id are dropped. Prints \
            'edited ID', or 'renamed OLD to NEW'. An unknown id, or a new id that belongs to \
            another activity, exits 65 and changes nothing; no option at all exits 64.
            """,
        arguments: [ArgumentSpec("id", help: "The activity to change (see 'traqt list').")],
        options: [
            name, days, at, newId,
        ],
        examples: [
            "traqt edit gym --at 7pm",
            "traqt edit walk-dog --name 'Walk the dog' --days weekdays",
            "traqt edit c-study --new-id cpp-study",
        ])

    static let name = OptionSpec("name", .value(name: "name"), help: "The new name, any text.")
    static let days = OptionSpec("days", .value(name: "days"), help: CommonOptions.daysHelp)
    static let at = OptionSpec("at", .value(name: "time"), help: CommonOptions.timeHelp)
    static let newId = OptionSpec("new-id", .value(name: "id"), help: "The new id; no other activity may have it.")

    static func run(_ context: Context) throws {
        let id = context.arguments.positionals[0]
        let edit = ActivityEdit(
            name: try context.parse(Self.name) { (name) throws(InvalidValue) in try Activity.validate(name: name); return name },
            days: try context.parse(Self.days, Weekdays.parse),
            time: try context.parse(Self.at, TimeOfDay.parse),
            newID: try context.parse(Self.newId) { (id) throws(InvalidValue) in try Activity.validate(id: id); return id })
        if edit.isEmpty {
            throw UsageError("nothing to change: give --name, --days, --at or --new-id", command: context.command)
        }
        // A missing database is not created just to find the id unknown.
        let store = try context.openForWriting(createIfMissing: false)
        let edited = try store.edit(id: id, edit, now: Timestamp.now())
        StoreChangeView.edited(id: id, newID: edited.id).write(to: context.output)
    }
}
