import ArgumentParsing
import TraqtCore

enum ExportCommand: Command {
    static let spec = CommandSpec(
        "export",
        abstract: "Write every activity as a JSON array, to FILE or standard output.",
        discussion: "A FILE is replaced atomically: readers see the old file or the new one, never half of it.",
        arguments: [ArgumentSpec("file", optional: true, help: "Where to write ('-' or none: standard output).")],
        examples: ["traqt export backup.json", "traqt export | jq length"])

    static func run(_ context: Context) throws {
        let store = try context.openForReading()
        if let file = context.arguments.positionals.first, file != "-" {
            try Files.writeAtomically(file) { buffer in try ActivityOutput.writeJSONArray(to: buffer, from: store) }
        } else {
            try ActivityOutput.writeJSONArray(to: context.output, from: store)
        }
    }
}
