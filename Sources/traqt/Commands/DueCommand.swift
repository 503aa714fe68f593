import ArgumentParsing
import TraqtCore

enum DueCommand: Command {
    static let spec = CommandSpec(
        "due",
        abstract: "Fire the reminders that are due now, each exactly once; meant for cron.",
        discussion: """
            Fires every occurrence of an activity whose time has come and is at most \
            --grace late, unless a due run has already fired it: any number of due runs \
            may run at once, and each occurrence fires in exactly one of them, never again, \
            even if the clock is set back. Older ones are recorded as missed (see 'traqt \
            summary'). A time skipped by daylight saving fires at the end of the gap; a \
            repeated time fires at its first occurrence. The first due run on a database \
            starts the record: what passed before its grace window is neither fired nor missed. \
            An occurrence marked done or skipped ('traqt done', 'traqt skip') is neither \
            fired nor recorded missed. \
            Fired reminders are printed as 'HH:MM Name' lines ('Nothing due.' when none); \
            reminders found missed are reported on standard error as 'missed HH:MM Name'. \
            With --exec, CMD is checked first (found in PATH and executable, else exit 64 \
            and nothing is claimed); then the reminders are claimed and CMD runs once per \
            reminder without a shell, with TRAQT_ID, TRAQT_NAME, TRAQT_TIME (HH:MM) and \
            TRAQT_SCHEDULED_AT in its environment and the --json object on its standard \
            input. The command is the notification: nothing is printed for a reminder whose \
            command succeeded (unless --json); a failure is reported on standard error, \
            recorded (see 'traqt summary'), the reminder is not fired again, and due exits 1. \
            A missing database is not created. Times are in the local zone: TZ, else the system's.
            """,
        options: [
            CommonOptions.now,
            OptionSpec("grace", .value(name: "duration"),
                       help: "How late a reminder may still fire (default 60m): 0, or e.g. 90s, 15m, 2h, 1h30m."),
            OptionSpec("json", help: "One JSON object per fired reminder and line; nothing when none fired."),
            OptionSpec("quiet", short: "q", help: "Print nothing when nothing fired (so cron sends no mail), and no 'missed' lines."),
            OptionSpec("dry-run", help: "Print what would fire, and on standard error what would be recorded as missed ('missed HH:MM Name'); change nothing and run no command."),
            OptionSpec("exec", .remainder(name: "command"),
                       help: "Run this command with its arguments for each fired reminder; must come last."),
        ],
        examples: [
            "traqt due --quiet                     # in cron, every minute",
            "traqt due --quiet --exec notify-send --app-name=traqt Reminder",
            "traqt due --json --now 2026-11-01T01:30-04:00",
        ])

    static func run(_ context: Context) throws {
        // The clock is read once; --now replaces it.
        let now = try context.now()
        let grace = try context.parse("grace", TimeSpan.parse) ?? ReminderLedger.defaultGrace
        let command = context.arguments.remainder("exec")
        if let name = command?.first {
            // A command that cannot run would turn every reminder it is given
            // into a failure, for good: refuse it before anything is claimed.
            do { try ExternalCommand.checkRunnable(name) } catch {
                throw UsageError("Invalid value for '--exec': \(error.message); nothing was claimed", command: context.command)
            }
        }

        // A missing database has nothing to fire and is not created.
        let dryRun = context.arguments.flag("dry-run")
        let store = try dryRun ? context.openForReading() : context.openForWriting(createIfMissing: false)
        let claim = try store.claimDue(now: now, grace: grace, dryRun: dryRun)

        let json = context.arguments.flag("json"), quiet = context.arguments.flag("quiet")
        if !quiet {
            for missed in claim.missed {
                writeStandardError("missed " + missed.activity.time.description + " " + TextColumns.printable(missed.activity.name) + "\n")
            }
        }
        // With --exec the command is the notification: the text list would only
        // repeat it (in cron, as a mail per reminder). JSON is asked for
        // explicitly, and a dry run runs no command.
        let listed = json || command == nil || dryRun
        for fired in claim.fired where listed {
            if json {
                fired.appendJSON(to: &context.output.bytes)
                context.output.append("\n")
            } else {
                context.output.append(context.cyan(fired.occurrence.activity.time.description) + "  "
                                      + TextColumns.printable(fired.occurrence.activity.name) + "\n")
            }
        }
        if claim.fired.isEmpty && !json && !quiet && listed {
            context.output.append("Nothing due.\n")
        }
        guard let command, !claim.fired.isEmpty, !dryRun else { return }

        // The claim is committed: from here on, each reminder runs at most once.
        // What was claimed is printed before any command's own output.
        try context.output.flush()
        var failures: [(occurrence: Occurrence, exitStatus: Int)] = []
        var messages: [(id: String, outcome: String)] = []
        for fired in claim.fired {
            let outcome = ExternalCommand.run(command, adding: environment(for: fired),
                                              input: input(for: fired))
            if !outcome.succeeded {
                failures.append((fired.occurrence, outcome.exitStatus))
                messages.append((fired.occurrence.activity.id, outcome.description))
            }
        }
        try store.recordFailures(failures)
        if !messages.isEmpty { throw CommandError.commandsFailed(messages, of: claim.fired.count) }
    }

    /// What the command finds in its environment besides traqt's own.
    private static func environment(for fired: FiredOccurrence) -> [String: String] {
        let activity = fired.occurrence.activity
        return ["TRAQT_ID": activity.id, "TRAQT_NAME": activity.name,
                "TRAQT_TIME": activity.time.description,
                "TRAQT_SCHEDULED_AT": fired.occurrence.scheduledAt.description]
    }

    private static func input(for fired: FiredOccurrence) -> [UInt8] {
        var bytes: [UInt8] = []
        fired.appendJSON(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
