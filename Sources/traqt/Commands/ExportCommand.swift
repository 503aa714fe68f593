import ArgumentParsing
import TraqtCore

enum ExportCommand: Command {
    static let spec = CommandSpec(
        "export",
        abstract: "Write every activity as a JSON array or a calendar, to FILE or standard output.",
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

            --format ics writes an iCalendar file (RFC 5545) that calendar apps import \
            (an Import item in their File menu or settings) or subscribe to: one event \
            per activity, repeating weekly on its days at its time, 15 minutes \
            long, from the first of its days on or after the day it was created. Times \
            are in the local zone (TZ, else the system zone /etc/localtime or \
            /etc/timezone), named by its tz database name (Europe/Berlin) and spelled \
            out as a VTIMEZONE from the year the first activity was created to ten \
            years ahead, so calendars without a zone database place them right too. A \
            TZ that is a POSIX rule (CET-1CEST,M3.5.0,M10.5.0/3) is named as it is \
            written. A time skipped by a spring-forward change comes at the end of the \
            gap (02:30 at 03:00), as traqt fires it, through an override event for each \
            such day within those years; a repeated time at its first occurrence. Days \
            marked done or skipped ('traqt done', 'traqt skip') are left out as EXDATEs. \
            Each event's UID is the activity's id with @traqt, so \
            importing a newer file updates the events instead of adding them twice.
            """,
        arguments: [ArgumentSpec("file", optional: true, completion: .files, help: "Where to write ('-' or none: standard output).")],
        options: [
            OptionSpec("format", .value(name: "format"), completion: .words(["json", "ics"]),
                       help: "The format: json (default), a JSON array that import reads back; or ics, an iCalendar file for calendar apps."),
        ],
        examples: [
            "traqt export backup.json", "traqt export | jq length", "traqt export >(gzip > backup.json.gz)",
            "traqt export --format ics traqt.ics",
        ])

    /// What `--format` names.
    enum Format {
        case json, ics

        static func parse(_ text: String) throws(InvalidValue) -> Format {
            switch text.lowercased() {
            case "json": return .json
            case "ics", "ical", "icalendar": return .ics
            default: throw InvalidValue("unknown format '\(text)'; expected json or ics")
            }
        }
    }

    static func run(_ context: Context) throws {
        let format = try context.parse("format", Format.parse) ?? .json
        let write = { (output: OutputBuffer) throws in
            let store = try context.openForReading()
            switch format {
            case .json:
                try ActivityOutput.writeJSONArray(to: output, from: store)
            case .ics:
                let zone = CalendarZoneName.resolve(
                    tz: context.environment["TZ"],
                    zoneinfo: context.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo")
                try CalendarExport.write(from: store, to: output, zoneName: zone,
                                         productID: "-//traqt//traqt \(Tool.version)//EN", now: Timestamp.now())
            }
        }
        guard let file = context.arguments.positionals.first, file != "-" else {
            try write(context.output)
            return
        }
        // The database is opened inside: FILE is resolved and opened first.
        try Files.write(to: file, write)
    }
}
