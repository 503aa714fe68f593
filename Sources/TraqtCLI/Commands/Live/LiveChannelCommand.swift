import ArgumentParsing
import TraqtCore

/// `live channel create|list|delete`: the broadcast channels of iOS 18.
enum LiveChannelCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [LiveChannelCreateCommand.self, LiveChannelListCommand.self,
                                                  LiveChannelDeleteCommand.self]

    static let spec = CommandSpec(
        "channel",
        abstract: "Make, list and delete broadcast channels: one push updates every live activity subscribed.",
        discussion: """
            A live activity subscribes to a channel when its start carries \
            "input-push-channel": "CHANNEL" (iOS 18); 'traqt push --channel CHANNEL' then \
            applies one update or end to every subscriber, in one transaction. A channel id \
            is opaque (base64 of 16 random bytes, as APNs channel ids are opaque strings); an \
            unknown one is refused (BadChannelId).
            """,
        subcommands: subcommands.map { $0.spec })
}

enum LiveChannelCreateCommand: Command {
    static let spec = CommandSpec(
        "create",
        abstract: "Make a broadcast channel and print its id.",
        arguments: [ArgumentSpec("name", optional: true, help: "A name to tell it by in 'live channel list'.")],
        options: [CommonOptions.now],
        examples: ["traqt live channel create scores"])

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals.first
        if let name {
            do { try Activity.validate(name: name) } catch {
                throw UsageError("invalid channel name: \(error.message)", command: context.command)
            }
        }
        let channel = try context.openForWriting(createIfMissing: true).createPushChannel(name: name, now: try context.now())
        context.output.append(channel.id + "\n")
    }
}

enum LiveChannelListCommand: Command {
    static let spec = CommandSpec(
        "list",
        abstract: "List the broadcast channels, oldest first, with their subscribers.",
        discussion: """
            --json prints an array of objects with id, name (or null), createdAt and \
            subscribers. Reads only.
            """,
        options: [json],
        examples: ["traqt live channel list --json"])

    static let json = OptionSpec("json", help: "Print a JSON array.")

    static func run(_ context: Context) throws {
        let channels = try context.openForReading().pushChannels()
        try PushChannelView(channels: channels, json: context.arguments.flag(Self.json)).write(to: context.output)
    }
}

enum LiveChannelDeleteCommand: Command {
    static let spec = CommandSpec(
        "delete",
        abstract: "Delete a broadcast channel; its subscribers stay, subscribed to nothing.",
        arguments: [ArgumentSpec("channel", help: "The channel id.")],
        examples: ["traqt live channel delete \"$CHANNEL\""])

    static func run(_ context: Context) throws {
        let id = context.arguments.positionals[0]
        try context.openForWriting(createIfMissing: false).deletePushChannel(id)
        context.output.append("deleted channel \(TextColumns.printable(id))\n")
    }
}
