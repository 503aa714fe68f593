import ArgumentParsing

enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        "completions",
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands, subcommands, options and their values (day names, \
            formats, --dismiss policies, files), and activity and live ids, which it reads from \
            the database that --db or TRAQT_DB on the line being completed names; a missing \
            database completes no ids and is not created. Install it where the shell looks: \
            for bash ~/.local/share/bash-completion/completions/traqt; for zsh a file _traqt in \
            a folder of $fpath (before compinit runs); for fish \
            ~/.config/fish/completions/traqt.fish. A new shell then completes traqt.
            """,
        // The names as a literal: CompletionShell.allCases would cost an array
        // of a new type at every start. A test holds the two together.
        arguments: [ArgumentSpec("shell", completion: .words(["bash", "zsh", "fish"]), help: "bash, zsh or fish.")],
        examples: [
            "traqt completions bash > ~/.local/share/bash-completion/completions/traqt",
            "traqt completions zsh > ~/.zfunc/_traqt   # fpath+=(~/.zfunc) before compinit in ~/.zshrc",
            "traqt completions fish > ~/.config/fish/completions/traqt.fish",
        ])

    static func run(_ context: Context) throws {
        let name = context.arguments.positionals[0]
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError("Invalid value for '<shell>': unknown shell '\(name)'; expected bash, zsh or fish",
                             command: context.command)
        }
        context.output.append(shell.script(for: Tool.spec))
    }
}
