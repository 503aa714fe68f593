import ArgumentParsing
import TraqtCore

enum TokenAddCommand: Command {
    static let spec = CommandSpec(
        "add",
        abstract: "Make an API token and print its secret, once.",
        discussion: """
            Prints 'added token NAME (SCOPE): SECRET' on standard output, the secret \
            last: tqt_ and 64 hex digits, a bearer token for 'traqt serve'. It is shown \
            this once: only its SHA-256 is kept, so it cannot be printed again (revoke it \
            and add another). --json prints one object with name, scope, topic, createdAt, \
            expiresAt and token. A name already taken exits 65; a bad name, scope or topic \
            exits 64; neither changes anything.
            """,
        arguments: [ArgumentSpec("name", help: "What to tell it by: 1 to 64 of A-Z a-z 0-9 . _ -")],
        options: [scope, topic, expires, json, CommonOptions.now],
        examples: [
            "traqt token add dashboard --scope read",
            "traqt token add ci --scope push --topic com.example.app --expires 30d",
        ])

    static let scope = OptionSpec("scope", .value(name: "scope"), required: true,
                                  completion: .words(APIScope.allCases.map(\.rawValue)),
                                  help: "What it allows: read; write (reads too); push (only push).")
    static let topic = OptionSpec("topic", .value(name: "bundle"),
                                  help: "Limit it to this topic, a bundle id (com.example.app).")
    static let expires = OptionSpec("expires", .value(name: "duration"),
                                    help: "Expire after this long from now: 90s, 15m, 2h, 30d, 1h30m (at most 366d); default never.")
    static let json = OptionSpec("json", help: "Print a JSON object with the secret as token.")

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals[0]
        let scope = try context.parse(required: Self.scope) { (text) throws(InvalidValue) in
            guard let scope = APIScope(rawValue: text) else {
                throw InvalidValue("unknown scope '\(text)'; expected \(APIScope.listed)")
            }
            return scope
        }
        let topic = context.arguments.value(Self.topic)
        // Refused before the database is opened, which would create it.
        try APIToken.validate(name: name)
        if let topic { try APIToken.validate(topic: topic) }
        let lifetime = try context.parse(Self.expires, TimeSpan.parse)
        let now = try context.now()
        let expiresAt = lifetime.map { Instant(seconds: now.seconds + $0.seconds) }
        let (token, secret) = try context.openForWriting(createIfMissing: true)
            .addAPIToken(name: name, scope: scope, topic: topic, expiresAt: expiresAt, now: now)
        try APITokenView.added(token, secret: secret, json: context.arguments.flag(Self.json)).write(to: context.output)
    }
}
