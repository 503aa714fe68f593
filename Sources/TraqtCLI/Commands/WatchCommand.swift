#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import TraqtCore

enum WatchCommand: Command {
    static let spec = CommandSpec(
        "watch",
        abstract: "Show live activities and what is pending today, as they change.",
        discussion: """
            On a terminal: a full-screen view (the date and time; the live activities, most \
            relevant first, with their stopwatch ticking, their state's keys and values, stale \
            and ended ones marked; then what is still pending today as 'traqt today' lists it, \
            days marked done or skipped left out, the next one highlighted), \
            redrawn when any process commits a change, when the window is resized, and each \
            second for the clocks. q quits; Ctrl-C, SIGTERM and SIGHUP quit too, and every way \
            out (an error included) gives the terminal back as it was; with TERM=dumb the view \
            is printed again below each time it changes.

            With --json, or when standard output is not a terminal: one JSON object per line, \
            {"now": …, "live": [the objects of 'live list --json'], "pending": [the objects of \
            'today --json']}, the first at start, then one each time what it shows changes: \
            another process commits a change to it, or time changes it (a pending activity's \
            minute passes, a live activity goes stale, ends by its time limit or is dismissed, \
            the day changes). The clocks ticking is not a change: a line's elapsedSeconds are \
            as of its now. Lines are flushed one by one.

            With --waybar: Waybar's custom-module JSON, {"text": …, "tooltip": …, "class": …, \
            "alt": …}, a line each second while a live activity runs and one on each change: \
            text is the compact view of 'live status' (empty when there is nothing, which hides \
            the module), tooltip every live activity and the next five pending ones, one per \
            line, class active, stale, pending or idle, alt the running one's type (else the \
            class); text and tooltip are Pango markup, names escaped for it.

            A change shows within a fraction of a second: traqt watches the database's folder \
            with inotify, looks at SQLite's data_version before reading anything, and reads in \
            one short transaction, so writers are never held up. It also looks once a second. \
            A database that does not exist yet is watched until it appears. Exit status: 0 \
            after q; killed by the signal after Ctrl-C or SIGTERM; 141 at once when the reader \
            of its output goes away; 65, 74, 77 or 78 when the database becomes unreadable, as \
            for every reader.
            """ + " " + CommonOptions.colorNote,
        options: [
            json, waybar, now,
        ],
        examples: [
            "traqt watch",
            "traqt watch --json | jq -c '.live[] | {name, elapsed}'",
            "traqt watch --waybar   # in Waybar: \"exec\": \"traqt watch --waybar\", \"return-type\": \"json\"",
        ])

    static let json = OptionSpec("json", help: "One JSON object per line: at start, then on each change.")
    static let waybar = OptionSpec("waybar", help: "Waybar's custom-module JSON, a line per second while a live activity runs.")
    /// Its own `--now`: the clock starts there and runs on, where other commands stop it.
    static let now = OptionSpec("now", .value(name: "datetime"), help: """
        Start the clock at this time instead of the system's (it then runs at the \
        normal pace): YYYY-MM-DDTHH:MM[:SS] local, or with a UTC offset (Z, -04:00), or \
        HH:MM today.
        """)

    static func run(_ context: Context) throws {
        try context.refuseTogether(Self.json, Self.waybar)
        let json = context.arguments.flag(Self.json), waybar = context.arguments.flag(Self.waybar)
        SignalPipe.unblock(ScreenView.endingSignals + [SIGWINCH, SIGTSTP, SIGCONT, SIGPIPE])
        let start = try context.now()
        let clock = WatchClock(startingAt: context.arguments.value(Self.now) == nil ? nil : start)
        let location = try context.databaseLocation()
        let busyTimeout = min(try context.busyTimeout(), WatchLoop.busyWait)
        let store = WatchedStore(location, busyTimeoutMilliseconds: busyTimeout)
        // A file no reader can read is refused before the terminal is taken over;
        // a lock held right now is only waited for.
        do { _ = try store.hasChanged() } catch StoreError.busy {}
        let changes = try location.changeSource(busyTimeoutMilliseconds: busyTimeout)
        if waybar || json || !context.outputIsTerminal {
            let view: any WatchView = waybar ? WaybarView(output: context.output) : ChangeView(.jsonLines, output: context.output)
            try WatchLoop(store: store, changes: changes, clock: clock, view: view).run()
        } else if context.environment["TERM"] == "dumb" {
            try WatchLoop(store: store, changes: changes, clock: clock, view: ChangeView(.frames, output: context.output)).run()
        } else {
            let screen = ScreenView(color: context.useColor)
            try screen.start()
            defer { screen.finish() }
            try WatchLoop(store: store, changes: changes, clock: clock, view: screen).run()
        }
    }
}
