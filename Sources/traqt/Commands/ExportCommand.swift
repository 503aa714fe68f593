import ArgumentParsing
import TraqtCore

enum ExportCommand: Command {
    static let spec = CommandSpec(
        "export",
        abstract: "Write every activity as a JSON array, to FILE or standard output.",
        discussion: """
            A regular FILE is replaced atomically (a temporary file beside it, synced, \
            then renamed over it): readers see the old file or the new one, never half, \
            and it keeps its mode, and its owner and group where permitted. A symlink is \
            followed and the file it names is replaced; a dangling one gets that file \
            created. Anything else (a FIFO, a device, a terminal, /dev/stdout, \
            /dev/fd/N) is written in place, never replaced. A new file gets mode 0600, \
            less what the umask removes: activity names are personal. Exit status 77 when \
            FILE or its folder may not be written, 74 for other write errors (a full \
            disk, a symlink loop); no temporary file is left behind.
            """,
        arguments: [ArgumentSpec("file", optional: true, help: "Where to write ('-' or none: standard output).")],
        examples: ["traqt export backup.json", "traqt export | jq length", "traqt export >(gzip > backup.json.gz)"])

    static func run(_ context: Context) throws {
        guard let file = context.arguments.positionals.first, file != "-" else {
            try ActivityOutput.writeJSONArray(to: context.output, from: context.openForReading())
            return
        }
        // The database is opened inside: FILE is resolved and opened first.
        try Files.write(to: file) { buffer in
            try ActivityOutput.writeJSONArray(to: buffer, from: context.openForReading())
        }
    }
}
