#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import TraqtCore

enum ExportCommand: Command {
    static let spec = CommandSpec(
        "export",
        abstract: "Write every activity as a JSON array or a calendar, to FILE or standard output.",
        discussion: """
            A regular FILE is replaced atomically (a temporary file beside it, synced, \
            then renamed over it): readers see the old file or the new one, never half. \
            The new file is yours, whoever owned the old one, with mode 0600 less what \
            the umask removes (activity names are personal), or exactly --mode. A \
            symlink is followed only when it is yours or root's and sits in a folder no \
            one else may write; a dangling one gets the file it names created. Anything \
            else (a FIFO, a device, a terminal, /dev/stdout, /dev/fd/N) is written in \
            place, never replaced, and only once the whole database has been read: a \
            failed export writes nothing there. Exit status 73, and nothing written, for \
            a symlink of another user's or in a folder others may write, a FIFO or device \
            of another user's, or the database itself or its journal; 77 when FILE or \
            its folder may not be written; 74 for other write errors (a full disk, a \
            symlink loop). No temporary file is left behind.

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
            format, mode,
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

    /// What `--mode` names: permission bits in octal, without set-id or sticky bits
    /// (a backup that runs as its owner is no backup).
    static func parseMode(_ text: String) throws(InvalidValue) -> mode_t {
        guard !text.isEmpty, text.utf8.count <= 4,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }),
              let mode = mode_t(text, radix: 8) else {
            throw InvalidValue("'\(text)' is not an octal mode; expected permission bits such as 0600 or 0640")
        }
        guard mode <= 0o777 else {
            throw InvalidValue("'\(text)' sets set-id or sticky bits; expected permission bits, at most 0777")
        }
        return mode
    }

    static let format = OptionSpec("format", .value(name: "format"), completion: .words(["json", "ics"]),
                                   help: "The format: json (default), a JSON array that import reads back; or ics, an iCalendar file for calendar apps.")
    static let mode = OptionSpec("mode", .value(name: "mode"),
                                 help: "The new FILE's mode, in octal (0640), instead of 0600 less the umask; at most 0777.")

    static func run(_ context: Context) throws {
        let format = try context.parse(Self.format, Format.parse) ?? .json
        let mode = try context.parse(Self.mode, parseMode)
        let write = { (output: OutputBuffer) throws in
            let store = try context.openForReading()
            switch format {
            case .json:
                try ActivityJSONView(store: store).write(to: output)
            case .ics:
                let zone = CalendarZoneName.resolve(
                    tz: context.environment["TZ"],
                    zoneinfo: context.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo")
                try CalendarView(store: store, zoneName: zone, now: Timestamp.now()).write(to: output)
            }
        }
        let file = context.arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        if mode != nil && file == nil {
            throw UsageError("'--mode' sets the mode of FILE; standard output has none", command: context.command)
        }
        // The database is opened inside: FILE is resolved and opened first.
        try Files.write(to: file, mode: mode, sparing: DatabaseFiles(location: context.databaseLocation()),
                        standardOutput: context.streams.output, write)
    }
}
