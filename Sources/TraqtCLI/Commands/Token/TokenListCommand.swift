import ArgumentParsing
import TraqtCore

enum TokenListCommand: Command {
    static let spec = CommandSpec(
        "list",
        abstract: "List the API tokens by name, never their secrets.",
        discussion: """
            A line per token: name, scope, topic (or -), when it was made, and when it \
            expires (or never), with 'expired' after a time that has passed. --json prints \
            an array of objects with name, scope, topic, createdAt, expiresAt and expired. \
            Reads only.
            """,
        options: [json, CommonOptions.now],
        examples: ["traqt token list", "traqt token list --json"])

    static let json = OptionSpec("json", help: "Print a JSON array.")

    static func run(_ context: Context) throws {
        let now = try context.now()
        let tokens = try context.openForReading().apiTokens()
        try APITokenView.listed(tokens, now: now, json: context.arguments.flag(Self.json)).write(to: context.output)
    }
}
