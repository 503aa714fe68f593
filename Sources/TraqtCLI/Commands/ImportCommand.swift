import ArgumentParsing
import TraqtCore

enum ImportCommand: Command {
    static let spec = CommandSpec(
        "import",
        abstract: "Add or update the activities of a JSON array: all of them, or none.",
        discussion: """
            Reads the shape 'export' writes. Each object needs id, name, daysOfWeek (1...127) \
            and timeOfDay (0...1439); other fields are ignored. Records whose id exists \
            are replaced. One bad record, or the same id twice, imports nothing.
            """,
        arguments: [ArgumentSpec("file", completion: .files, help: "The JSON file to read, or '-' for standard input.")],
        examples: ["traqt import backup.json", "traqt export --db old.sqlite | traqt import -"])

    /// The most an import may hold: a million activities as `export` writes
    /// them take about 190 MB. Past it, reading stops before memory runs out
    /// (`import /dev/zero`, `yes | traqt import -`).
    static let inputLimit = 256 << 20

    static func run(_ context: Context) throws {
        let path = context.arguments.positionals[0]
        let label = path == "-" ? "standard input" : path
        // Everything is read and checked before the database is opened.
        guard let bytes = try context.openInput(path).readAll(limit: Self.inputLimit) else {
            throw CommandError.inputTooLarge(path: path, limit: Self.inputLimit)
        }
        let activities: [Activity]
        do {
            activities = try Activity.decodeArray(json: bytes)
        } catch let error as JSONSyntaxError {
            throw CommandError.invalidJSON(error, path: label)
        } catch let error as InvalidRecord {
            throw CommandError.invalidRecord(error, path: label)
        }
        var added = 0
        if !activities.isEmpty {
            let store = try context.openForWriting(createIfMissing: true)
            added = try store.upsert(contentsOf: activities, now: Timestamp.now()).count { $0 == .added }
        }
        StoreChangeView.imported(total: activities.count, added: added).write(to: context.output)
    }
}
