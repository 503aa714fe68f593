/// Help and usage text in the sections Swift users know: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS.
public struct HelpFormatter: Sendable {
    public let tool: ToolSpec
    private let labelWidth = 26

    public init(tool: ToolSpec) { self.tool = tool }

    /// `traqt add <name> --days <days> --at <time> [--id <id>]`; a group's is
    /// `traqt live <subcommand>`.
    public func usage(for command: CommandSpec) -> String {
        var parts = [tool.name, command.path]
        if command.isGroup { return (parts + ["<subcommand>"]).joined(separator: " ") }
        parts += command.arguments.map(\.synopsis)
        for option in command.options {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        return parts.joined(separator: " ")
    }

    /// `traqt [--db <path>] <command> [<options>]`: the tool's own global options.
    public func toolUsage() -> String {
        var parts = [tool.name]
        for option in tool.globalOptions {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        return (parts + ["<command>", "[<options>]"]).joined(separator: " ")
    }

    /// The full help of one command.
    public func help(for command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion { text += "\n" + wrap(discussion, width: 78).joined(separator: "\n") + "\n" }
        text += "\nUSAGE: \(usage(for: command))\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += row(label: argument.isRepeating ? "<\(argument.name)> ..." : "<\(argument.name)>", help: argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in command.options + tool.globalOptions {
            text += row(label: label(for: option), help: option.help)
        }
        text += row(label: label(for: .help), help: OptionSpec.help.help)
        if command.isGroup {
            text += subcommandRows(command.visibleSubcommands, helpPath: "\(tool.name) help \(command.path)")
        }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in command.examples { text += "  \(example)\n" }
        }
        return text
    }

    /// The help of the tool itself: every command with its abstract.
    public func toolHelp() -> String {
        var text = "OVERVIEW: \(tool.abstract)\n"
        if let discussion = tool.discussion { text += "\n" + wrap(discussion, width: 78).joined(separator: "\n") + "\n" }
        text += "\nUSAGE: \(toolUsage())\n\nOPTIONS:\n"
        for option in tool.globalOptions {
            text += row(label: label(for: option), help: option.help)
        }
        for option in [OptionSpec.version, .help] { text += row(label: label(for: option), help: option.help) }
        text += subcommandRows(tool.visibleCommands + [ToolSpec.helpCommand], helpPath: "\(tool.name) help")
        if !tool.environment.isEmpty {
            text += "\nENVIRONMENT:\n"
            for variable in tool.environment { text += row(label: variable.name, help: variable.help) }
        }
        if !tool.exitStatuses.isEmpty {
            text += "\nEXIT STATUS:\n"
            for status in tool.exitStatuses { text += row(label: String(status.code), help: status.meaning) }
        }
        return text
    }

    /// The SUBCOMMANDS section: each with its abstract, then where to read more.
    private func subcommandRows(_ commands: [CommandSpec], helpPath: String) -> String {
        var text = "\nSUBCOMMANDS:\n"
        for command in commands {
            text += row(label: command.name, help: command.abstract)
        }
        return text + "\n  See '\(helpPath) <subcommand>' for detailed help.\n"
    }

    private func label(for option: OptionSpec) -> String {
        let long = option.synopsis
        return option.short.map { "-\($0), \(long)" } ?? long
    }

    /// One two-column row; long help wraps under its own column.
    private func row(label: String, help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        var lines = wrap(help, width: 78 - indent.count)
        if lines.isEmpty { lines = [""] }
        var text = "  " + label
        if label.count + 2 <= labelWidth {
            text += String(repeating: " ", count: labelWidth - label.count) + lines.removeFirst() + "\n"
        } else {
            text += "\n"
        }
        for line in lines { text += indent + line + "\n" }
        return text
    }
}

/// Splits `text` into lines of at most `width` characters at spaces; explicit
/// line breaks are kept.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        for word in paragraph.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
    }
    return lines
}
