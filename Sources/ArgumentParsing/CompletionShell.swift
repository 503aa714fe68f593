/// The shells a completion script is written for, each from the same table
/// as help: commands, subcommands, options and what their values are.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script that makes this shell complete `tool`'s command lines.
    public func script(for tool: ToolSpec) -> String {
        let table = CompletionTable(tool: tool)
        switch self {
        case .bash: return BashCompletionScript(table: table).render()
        case .zsh: return ZshCompletionScript(table: table).render()
        case .fish: return FishCompletionScript(table: table).render()
        }
    }
}
