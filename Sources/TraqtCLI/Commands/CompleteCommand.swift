import ArgumentParsing
import TraqtCore

/// `traqt __complete ids [--live]`: the ids shell completion offers, one a
/// line. Hidden: the completion scripts run it, people do not. It only reads:
/// a missing database lists nothing and is not created.
enum CompleteCommand: Command {
    static let ids = "ids"

    static let spec = CommandSpec(
        "__complete", hidden: true,
        abstract: "List words for shell completion, one a line.",
        arguments: [ArgumentSpec("words", completion: .words([ids]), help: "What to list: ids.")],
        options: [live])

    static let live = OptionSpec("live", help: "The ids of the live activities that run, not the activities'.")

    static func run(_ context: Context) throws {
        guard context.arguments.positionals[0] == ids else {
            throw UsageError("Invalid value for '<words>': expected \(ids)", command: context.command)
        }
        let store = try context.openForReading()
        let output = context.output
        if context.arguments.flag(Self.live) {
            let now = context.clock()
            for live in try store.liveActivities(now: now) where live.status(at: now) != .ended {
                append(live.id.utf8, to: output)
            }
        } else {
            try store.forEachOfferableID { id in
                append(id, to: output)
                try output.flushIfFull()
            }
        }
    }

    /// One id and a line break; an id with a control character in it (which
    /// only another program could have stored) would break the one-a-line
    /// shape and is left out.
    private static func append(_ id: some Collection<UInt8>, to output: OutputBuffer) {
        guard !id.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return }
        output.bytes.append(contentsOf: id)
        output.bytes.append(UInt8(ascii: "\n"))
    }
}
