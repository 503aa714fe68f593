import ArgumentParsing
import TraqtCore

enum LiveStatusCommand: Command {
    static let spec = CommandSpec(
        "status",
        abstract: "Print the compact view once: what runs, else what is next today.",
        discussion: """
            For status bars that run a command per refresh (tmux's status-right, i3blocks, \
            polybar, a shell prompt). Prints the most relevant live activity that runs (active \
            or stale) as '⏱ 12:34 Walk dog', with ' +2' when two more run; when none runs, the \
            next activity pending today (as 'traqt today' lists it) as 'next 18:00 Gym'; when \
            neither exists, nothing at all \
            (exit 0), so that a bar hides the block. Ended live activities are not shown.

            FORMAT replaces the text with a template of placeholders in braces: {elapsed} the \
            stopwatch (mm:ss, hh:mm:ss from an hour on; empty for a pending activity), {name}, \
            {id}, {status} (active, stale or pending), {time} (when it started; a pending \
            activity's time of day), {more} (' +N' when N more run, or N more are pending after \
            it; else empty), {state.KEY} (that member of the live activity's state: a string as \
            its text, null or a missing key as nothing, any other value as compact JSON). \
            {{ and }} are literal braces. An unknown placeholder, an unclosed '{' or a lone '}' \
            is a usage error (64). Names and values have control characters replaced with \
            U+FFFD. Reads only what it shows; never changes or creates the database.
            """,
        options: [
            format, nextFormat,
            CommonOptions.now,
        ],
        examples: [
            "traqt live status",
            "traqt live status --format '{name} {elapsed} ({state.eta})' --next-format ''",
            "tmux set -g status-right '#(traqt live status)'",
        ])

    static let format = OptionSpec("format", .value(name: "format"),
                                   help: "The template for a live activity that runs (default '⏱ {elapsed} {name}{alert}{more}').")
    static let nextFormat = OptionSpec("next-format", .value(name: "format"),
                                       help: "The template for the next pending activity (default 'next {time} {name}'); '' prints nothing then.")

    static func run(_ context: Context) throws {
        let running = try context.parse(Self.format, StatusTemplate.init) ?? .running
        let next = try context.parse(Self.nextFormat, StatusTemplate.init) ?? .next
        let now = try context.now()
        let store = try context.openForReading()
        let glance = try store.compactGlance(now: now, countOthers: running.usesMore || next.usesMore)
        LiveStatusView(glance: glance, now: now, running: running, next: next).write(to: context.output)
    }
}
