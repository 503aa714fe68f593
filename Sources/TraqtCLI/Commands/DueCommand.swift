#if canImport(Glibc)
import Glibc
#endif
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
            reminder without a shell, in its own process group, with TRAQT_ID, TRAQT_NAME, \
            TRAQT_TIME (HH:MM) and TRAQT_SCHEDULED_AT in its environment and the --json object \
            on its standard input. The command is the notification: nothing is printed for a \
            reminder whose command succeeded (with --json, its object, just before the command \
            starts); a failure is reported on standard error, recorded (see 'traqt summary'), \
            the reminder is not fired again, and due exits 1 (one that could not be started \
            at all stays claimed for the next run). A command still running after \
            --timeout gets SIGTERM, with all it started, then SIGKILL 2 s later, and counts as \
            failed with status 124. Whatever a command leaves running when it ends, even in \
            a session of its own (setsid), gets SIGTERM, then SIGKILL 2 s later. A SIGTERM, \
            SIGINT or SIGHUP to due is passed on to the running command, which is waited for \
            (up to its --timeout) and recorded; no further command starts (those reminders \
            stay claimed, for the next run), and due ends as the signal would (a shell reports \
            143, 130, 129). A command is started at most once, ever: each reminder is \
            marked started just before its command starts. One whose command never started \
            (due was killed first) is claimed: the next due run fires it, however late. A \
            broken standard output (a full disk, a reader that went away) stops no command: \
            the error is reported after the last one (exit 74, or 141 for a closed pipe). \
            A missing database is not created. Times are in the local zone: TZ, else the system's. \
            Dates run from 1970-01-01 to 9999-12-31.
            """ + " " + CommonOptions.colorNote,
        options: [
            CommonOptions.now,
            grace, json, quiet, dryRun, timeout, exec,
        ],
        examples: [
            "traqt due --quiet                     # in cron, every minute",
            "traqt due --quiet --exec notify-send --app-name=traqt Reminder",
            "traqt due --quiet --timeout 2m --exec notify-send --wait --app-name=traqt Reminder",
            "traqt due --json --now 2026-11-01T01:30-04:00",
        ])

    /// `--timeout` when none is given.
    static let defaultTimeout = TimeSpan(seconds: 60)

    static let grace = OptionSpec("grace", .value(name: "duration"),
                                  help: "How late a reminder may still fire (default 60m): 0, or e.g. 90s, 15m, 2h, 1h30m.")
    static let json = OptionSpec("json", help: "One JSON object per fired reminder and line; nothing when none fired.")
    static let quiet = OptionSpec("quiet", short: "q", help: "Print nothing when nothing fired (so cron sends no mail), and no 'missed' lines.")
    static let dryRun = OptionSpec("dry-run", help: "Print what would fire, and on standard error what would be recorded as missed ('missed HH:MM Name'); change nothing and run no command.")
    static let timeout = OptionSpec("timeout", .value(name: "duration"),
                                    help: "With --exec, how long a command may run (default 60s; 0: no limit); then it is ended and counts as failed (124).")
    static let exec = OptionSpec("exec", .remainder(name: "command"),
                                 help: "Run this command with its arguments for each fired reminder; must come last.")

    static func run(_ context: Context) throws {
        // The clock is read once; --now replaces it.
        let now = try context.now()
        let grace = try context.parse(Self.grace, TimeSpan.parse) ?? ReminderLedger.defaultGrace
        let timeout = try context.parse(Self.timeout, TimeSpan.parse) ?? defaultTimeout
        let command = context.arguments.remainder(Self.exec)
        if let name = command?.first {
            // A command that cannot run would turn every reminder it is given
            // into a failure, for good: refuse it before anything is claimed.
            do { try ExternalCommand.checkRunnable(name) } catch {
                throw UsageError("Invalid value for '--exec': \(error.message); nothing was claimed", command: context.command)
            }
        }

        let dryRun = context.arguments.flag(Self.dryRun)
        let runsCommands = command != nil && !dryRun
        // A reader that went away must not end the run before its commands:
        // writes then fail with EPIPE, reported once they have run.
        if runsCommands { signal(SIGPIPE, SIG_IGN) }
        // A missing database has nothing to fire and is not created.
        let store = try dryRun ? context.openForReading() : context.openForWriting(createIfMissing: false)
        let claim = try store.claimDue(now: now, grace: grace, dryRun: dryRun, forCommands: runsCommands)

        let json = context.arguments.flag(Self.json), quiet = context.arguments.flag(Self.quiet)
        if !quiet {
            for line in MissedRemindersView(missed: claim.missed).lines { context.writeError(line) }
        }
        if let command, runsCommands {
            try runCommands(command, for: claim.fired, store: store, now: now, timeout: timeout, json: json, context)
            return
        }
        try FiredRemindersView(fired: claim.fired, json: json, quiet: quiet, style: context.style).write(to: context.output)
    }

    /// Runs `command` once for each claimed reminder, in order. Each is marked
    /// started just before its command starts (skipped when another run took
    /// it) and recorded with its outcome after; with `--json`, its object is
    /// printed just before. A broken standard output stops nothing: the error
    /// is reported once every command has run. With the command as the
    /// notification, nothing is printed for one that succeeded.
    private static func runCommands(_ command: [String], for claimed: [FiredOccurrence], store: ActivityStore,
                                    now: Instant, timeout: TimeSpan, json: Bool, _ context: Context) throws {
        var outputError: OutputError?
        var finished: ActivityStore.CommandOutcome?
        var failures: [(id: String, outcome: String)] = [], unstarted: [(id: String, reason: String)] = [], ran = 0
        var failed: CommandError? {
            failures.isEmpty && unstarted.isEmpty ? nil : .commandsFailed(failures, of: ran, unstarted: unstarted)
        }
        // Reports what failed so far along with an error that ends the run.
        func failing(_ error: any Error) -> any Error {
            if let failed { context.printError(failed.description) }
            return error
        }
        let supervisor = CommandSupervisor()
        var left = claimed.count
        for fired in claimed {
            // A stopping signal starts no more commands: the rest stay claimed.
            if supervisor.isStopped { break }
            left -= 1
            // If this fails, the last outcome stays unrecorded (started) and
            // this reminder and the rest stay claimed, for the next run.
            let mine: Bool
            do {
                mine = try store.recordCommand(finished: finished, starting: fired.occurrence, at: now)
            } catch {
                throw failing(error)
            }
            finished = nil
            guard mine else { continue }
            if json && outputError == nil {
                context.output.bytes += FiredRemindersView.jsonLine(fired)
                // Printed before the command's own output.
                do { try context.output.flush() } catch { outputError = error }
            }
            let outcome = ExternalCommand.run(command, adding: environment(for: fired), input: FiredRemindersView.jsonLine(fired),
                                              timeout: timeout, under: supervisor)
            finished = ActivityStore.CommandOutcome(occurrence: fired.occurrence, result: outcome.result)
            if let reason = outcome.notStartedReason {
                unstarted.append((fired.occurrence.activity.id, reason))
                continue
            }
            ran += 1
            if !outcome.succeeded { failures.append((fired.occurrence.activity.id, outcome.description)) }
        }
        do {
            if let finished { _ = try store.recordCommand(finished: finished, starting: nil, at: now) }
        } catch {
            throw failing(error)
        }
        if let signal = supervisor.stopSignal { stop(by: signal, leftClaimed: left, failed, context) }
        if let outputError { throw failing(outputError) }
        if let failed { throw failed }
    }

    /// Ends a run that got `signal` once all is recorded: says what failed and
    /// what was left for the next run, then ends traqt as the signal would
    /// have (a shell reports 128 + its number: 143 for SIGTERM).
    private static func stop(by signal: Int32, leftClaimed left: Int, _ failed: CommandError?, _ context: Context) -> Never {
        if let failed { context.printError(failed.description) }
        let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        context.printError("stopped by \(name)" + (left == 0 ? "" : "; \(left) \(left == 1 ? "reminder" : "reminders") left claimed, for the next due run"))
        try? context.output.flush()
        SignalPipe.actAsDefault(signal)
        exit(128 + signal)
    }

    /// What the command finds in its environment besides traqt's own.
    private static func environment(for fired: FiredOccurrence) -> [String: String] {
        let activity = fired.occurrence.activity
        return ["TRAQT_ID": activity.id, "TRAQT_NAME": activity.name,
                "TRAQT_TIME": activity.time.description,
                "TRAQT_SCHEDULED_AT": fired.occurrence.scheduledAt.description]
    }

}
