import ArgumentParsing
import TraqtCore

enum AddCommand: Command {
    static let spec = CommandSpec(
        "add",
        abstract: "Add an activity, or update the one with the same id.",
        discussion: """
            Without --id, the id is made from the name: lower case, letters and digits of \
            any script kept, every other run of characters turned into one '-' ('Walk the \
            dog!' -> walk-the-dog), so running the same add again updates one record instead \
            of adding another. If that id already belongs to an activity with another name \
            ('C++ study' and 'C# study' both make c-study), nothing is saved (exit 65): \
            give one of them its own --id. With --id, the record with that id is created \
            or replaced, whatever its name.
            """,
        arguments: [ArgumentSpec("name", help: "The activity's name, any text.")],
        options: [
            days, at, id,
        ],
        examples: [
            "traqt add 'Walk dog' --days mon,wed,fri --at 7:30",
            "traqt add Gym --days 1-5 --at 7pm",
            "traqt add Standup --days weekdays --at 9:15am --id standup",
        ])

    static let days = OptionSpec("days", .value(name: "days"), required: true, completion: CompletionKinds.days,
                                 help: CommonOptions.daysHelp)
    static let at = OptionSpec("at", .value(name: "time"), required: true, help: CommonOptions.timeHelp)
    static let id = OptionSpec("id", .value(name: "id"), completion: CompletionKinds.activityIDs,
                               help: "The id to create or replace.")

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals[0]
        try validated("name", context) { () throws(InvalidValue) in try Activity.validate(name: name) }
        let days = try context.parse(required: Self.days, Weekdays.parse)
        let time = try context.parse(required: Self.at, TimeOfDay.parse)
        let givenID = try context.parse(Self.id) { (id) throws(InvalidValue) in try Activity.validate(id: id); return id }
        let id = givenID ?? Activity.derivedID(fromName: name)

        let store = try context.openForWriting(createIfMissing: true)
        let outcome: UpsertOutcome
        do {
            // A made-up id must not replace another activity whose name made the same id.
            outcome = try store.upsert(Activity(id: id, name: name, days: days, time: time), now: Timestamp.now(),
                                       sameNameOnly: givenID == nil)
        } catch let StoreError.idTaken(id, existing) {
            throw CommandError.idTaken(id: id, existingName: existing, name: name)
        }
        StoreChangeView.upserted(outcome, id: id).write(to: context.output)
    }

    private static func validated(_ argument: String, _ context: Context,
                                  _ check: () throws(InvalidValue) -> Void) throws(UsageError) {
        do { try check() } catch { throw UsageError("Invalid value for '<\(argument)>': \(error.message)", command: context.command) }
    }
}
