import ArgumentParsing
import TraqtCore

enum AddCommand: Command {
    static let spec = CommandSpec(
        "add",
        abstract: "Add an activity, or update the one with the same id.",
        discussion: """
            Without --id, the id is made from the name ('Walk the dog!' -> walk-the-dog), \
            so running the same add again updates one record instead of adding another.
            """,
        arguments: [ArgumentSpec("name", help: "The activity's name, any text.")],
        options: [
            OptionSpec("days", .value(name: "days"), required: true, help: """
                Weekdays: names (mon, Monday, ...) and ranges (mon-fri, fri-mon) separated \
                by commas, daily, weekdays, weekends, or a mask 1...127 (bit 0 = Sunday).
                """),
            OptionSpec("at", .value(name: "time"), required: true,
                       help: "Time of day: HH:MM (24-hour), or 9am, 2:30pm."),
            OptionSpec("id", .value(name: "id"), help: "The id to create or replace."),
        ],
        examples: [
            "traqt add 'Walk dog' --days mon,wed,fri --at 7:30",
            "traqt add Standup --days weekdays --at 9:15am --id standup",
        ])

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals[0]
        try validated("name", context) { () throws(InvalidValue) in try Activity.validate(name: name) }
        let days = try context.parse("days", Weekdays.parse)!
        let time = try context.parse("at", TimeOfDay.parse)!
        let id = try context.parse("id") { (id) throws(InvalidValue) in try Activity.validate(id: id); return id }
            ?? Activity.derivedID(fromName: name)

        let store = try context.openForWriting(createIfMissing: true)
        let outcome = try store.upsert(Activity(id: id, name: name, days: days, time: time), now: Timestamp.now())
        context.output.append("\(outcome == .added ? "added" : "updated") \(TextColumns.printable(id))\n")
    }

    private static func validated(_ argument: String, _ context: Context,
                                  _ check: () throws(InvalidValue) -> Void) throws(UsageError) {
        do { try check() } catch { throw UsageError("Invalid value for '<\(argument)>': \(error.message)", command: context.command) }
    }
}
