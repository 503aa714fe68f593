import ArgumentParsing

/// `token add|list|revoke`: the bearer tokens `traqt serve` authorizes by.
enum TokenCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [TokenAddCommand.self, TokenListCommand.self, TokenRevokeCommand.self]

    static let spec = CommandSpec(
        "token",
        abstract: "Make, list and revoke the API tokens that authorize requests to traqt serve.",
        discussion: """
            An API token is a bearer token: a request to 'traqt serve' carries it as \
            'Authorization: Bearer SECRET'. Its scope says what it allows: read reads; write \
            reads and writes; push applies pushes and nothing else. A push token may be \
            limited to one topic (a bundle id). The secret is printed once, by 'token add'; \
            the database keeps only its SHA-256, so a copy of the database authorizes no one \
            and a lost secret is revoked and made again.
            """,
        subcommands: subcommands.map { $0.spec })
}
