import ArgumentParsing
import TraqtCore

enum TokenRevokeCommand: Command {
    static let spec = CommandSpec(
        "revoke",
        abstract: "Delete an API token: its secret stops working at once.",
        discussion: "An unknown name exits 65 and changes nothing.",
        arguments: [ArgumentSpec("name", help: "The token, as 'token list' names it.")],
        examples: ["traqt token revoke ci"])

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals[0]
        try APIToken.validate(name: name)
        try context.openForWriting(createIfMissing: false).revokeAPIToken(name: name)
        try APITokenView.revoked(name: name).write(to: context.output)
    }
}
