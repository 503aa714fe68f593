import ArgumentParsing
import TraqtCore

enum LiveCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [
        LiveStartCommand.self, LiveUpdateCommand.self, LiveEndCommand.self, LiveListCommand.self,
        LiveStatusCommand.self, LiveTokenCommand.self, LiveChannelCommand.self,
    ]

    static let spec = CommandSpec(
        "live",
        abstract: "Start, update, end, list and show live activities (stopwatches, deliveries, builds), their push tokens and broadcast channels.",
        discussion: """
            A live activity is something under way whose state changes while it runs. It has \
            static attributes (a JSON object set at start) and a state (a JSON object replaced \
            by each update), each at most 4096 bytes as compact JSON. Its status at a moment: \
            active; stale once the content's stale time has come (until the next update); ended \
            once ended, or once --max-duration (default 8h) has passed since its start; \
            dismissed 4 hours after its end, or as 'live end --dismiss' says (never later). Every \
            boundary belongs to the later status. Elapsed time is counted from the start (mm:ss \
            under an hour, hh:mm:ss after); nothing is written while it runs. Dismissed ones are \
            kept for 90 days. Ending one that runs on an activity records the time spent on it.
            """,
        subcommands: subcommands.map { $0.spec })
}
