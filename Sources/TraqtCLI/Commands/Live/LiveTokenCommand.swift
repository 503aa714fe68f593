import ArgumentParsing
import TraqtCore

enum LiveTokenCommand: Command {
    static let spec = CommandSpec(
        "token",
        abstract: "Print the push token a sender addresses a live activity by, or a type's push-to-start token.",
        discussion: """
            A push token is 64 hex digits, made when the live activity starts: \
            'traqt push --token TOKEN' applies a raw APNs body ({"aps": …}) to it, as APNs \
            does for POST /3/device/TOKEN. --rotate makes a new one; the old one stops \
            working at once (BadDeviceToken), as ActivityKit rotates tokens. A token of a \
            dismissed live activity answers Unregistered. --push-to-start TYPE prints the \
            token of an attributes type (made the first time): a start sent to it starts a new \
            live activity of that type, under a new id, and must carry attributes-type, \
            attributes and alert, as on iOS. An unknown id exits 65.
            """,
        arguments: [ArgumentSpec("id", optional: true, completion: CompletionKinds.liveIDs, help: "The live activity.")],
        options: [rotate, pushToStart, CommonOptions.now],
        examples: [
            "traqt live token walk-dog",
            "traqt live token --push-to-start delivery",
        ])

    static let rotate = OptionSpec("rotate", help: "Make a new token; the old one stops working at once.")
    static let pushToStart = OptionSpec("push-to-start", .value(name: "type"),
                                        help: "The push-to-start token of this attributes type, made once.")

    static func run(_ context: Context) throws {
        let id = context.arguments.positionals.first
        let type = try LiveOptions.type(Self.pushToStart, context)
        if (id == nil) == (type == nil) {
            throw UsageError(id == nil ? "Missing expected argument '<id>' (or --push-to-start TYPE)"
                                       : "'--push-to-start' cannot be used with an id", command: context.command)
        }
        if type != nil, context.arguments.flag(Self.rotate) {
            throw UsageError("'--rotate' is only used with an id: a push-to-start token never changes",
                             command: context.command)
        }
        let now = try context.now()
        let token: PushToken
        if let type {
            token = try context.openForWriting(createIfMissing: true).pushToStartToken(type: type, now: now)
        } else if let id {
            token = try context.openForWriting(createIfMissing: false)
                .pushToken(ofLive: id, rotate: context.arguments.flag(Self.rotate))
        } else {
            return
        }
        context.output.append(token.hex + "\n")
    }
}
