/// A manual page in man(7) format, written from the same table as help: the
/// synopsis, every command and subcommand with its arguments and options, the
/// environment and exit statuses; only the description, the files and a few
/// examples are written by hand.
public struct ManPage: Sendable {
    public let tool: ToolSpec
    /// YYYY-MM-DD: when this version of the page was written.
    public let date: String
    /// Paragraphs of what the tool is for, before the tool's own discussion.
    public let description: [String]
    /// The files the tool uses, by path.
    public let files: [DefinitionSpec]
    /// Shell lines; a line that starts with '#' says what the ones after it do.
    public let examples: [String]

    public init(tool: ToolSpec, date: String, description: [String], files: [DefinitionSpec], examples: [String]) {
        self.tool = tool
        self.date = date
        self.description = description
        self.files = files
        self.examples = examples
    }

    public func render() -> String {
        let name = tool.name
        var page = Page()
        page.macro("TH", escaped(name.uppercased()), "1", date, escaped("\(name) \(tool.version)"), "User Commands")
        page.macro("SH", "NAME")
        page.text(escaped(name) + " \\- " + escaped(withoutFullStop(tool.abstract)))

        page.macro("SH", "SYNOPSIS")
        page.text(bold(name) + " " + tool.globalOptions.map { optional(synopsis($0)) }.joined(separator: " ")
                  + " " + italic("command") + " [" + italic("options") + "]")
        page.macro("br")
        page.text(synopsis(of: ToolSpec.helpCommand, path: ToolSpec.helpCommand.name))
        page.macro("br")
        page.text(bold(name) + " " + OptionSpec.version.spellings.map(bold).joined(separator: " | "))

        page.macro("SH", "DESCRIPTION")
        for (index, paragraph) in (description + [tool.discussion].compactMap { $0 }).enumerated() {
            if index > 0 { page.macro("PP") }
            page.prose(paragraph)
        }

        page.macro("SH", "OPTIONS")
        page.text("These work before or after any command:")
        options(tool.globalOptions + [OptionSpec.version, OptionSpec.help], in: &page)

        page.macro("SH", "COMMANDS")
        for command in tool.visibleCommands + [ToolSpec.helpCommand] { section(for: command, in: &page) }

        if !tool.environment.isEmpty {
            page.macro("SH", "ENVIRONMENT")
            for variable in tool.environment { item(bold(variable.name), variable.help, in: &page) }
        }
        if !files.isEmpty {
            page.macro("SH", "FILES")
            for file in files { item(italic(file.name), file.help, in: &page) }
        }
        if !tool.exitStatuses.isEmpty {
            page.macro("SH", "EXIT STATUS")
            for status in tool.exitStatuses { item(bold(String(status.code)), status.meaning, in: &page) }
        }
        if !examples.isEmpty {
            page.macro("SH", "EXAMPLES")
            page.example(examples.map(escaped))
        }
        return page.source
    }

    /// One subsection per command, then its subcommands' after it.
    private func section(for command: CommandSpec, in page: inout Page) {
        page.macro("SS", escaped(command.path))
        page.text(synopsis(of: command, path: command.path))
        page.macro("PP")
        page.prose(command.abstract)
        if let discussion = command.discussion {
            page.macro("PP")
            page.prose(discussion)
        }
        if !command.arguments.isEmpty {
            page.macro("PP")
            page.text("Arguments:")
            for argument in command.arguments {
                item(italic(argument.name) + (argument.isRepeating ? " ..." : ""), argument.help, in: &page)
            }
        }
        if !command.options.isEmpty {
            page.macro("PP")
            page.text("Options:")
            options(command.options, in: &page)
        }
        if !command.examples.isEmpty {
            page.macro("PP")
            page.text("Examples:")
            page.example(command.examples.map(escaped))
        }
        if command.isGroup {
            page.macro("PP")
            page.text("Subcommands: " + command.visibleSubcommands.map { bold($0.name) }.joined(separator: ", ") + ".")
        }
        command.visibleSubcommands.forEach { section(for: $0, in: &page) }
    }

    private func options(_ options: [OptionSpec], in page: inout Page) {
        for option in options {
            let label = ((option.short.map { [bold("-\($0)")] } ?? []) + [synopsis(option, long: true)]).joined(separator: ", ")
            item(label, option.help, in: &page)
        }
    }

    /// A tagged paragraph: `label` on its own, `text` indented below it.
    private func item(_ label: String, _ text: String, in page: inout Page) {
        page.macro("TP")
        page.text(label)
        page.prose(text)
    }

    /// `traqt add name --days days --at time [--id id]`, in the manual's fonts.
    private func synopsis(of command: CommandSpec, path: String) -> String {
        var parts = [bold("\(tool.name) \(path)")]
        if command.isGroup { return (parts + [italic("subcommand")]).joined(separator: " ") }
        for argument in command.arguments {
            let core = italic(argument.name) + (argument.isRepeating ? "\\ ..." : "")
            parts.append(argument.isOptional ? optional(core) : core)
        }
        for option in command.options {
            parts.append(option.isRequired ? synopsis(option) : optional(synopsis(option)))
        }
        return parts.joined(separator: " ")
    }

    /// `--at time`, `--exec command ...`, `-q` (or `--quiet` with `long`);
    /// unbreakable spaces keep an option and its value on one line.
    private func synopsis(_ option: OptionSpec, long: Bool = false) -> String {
        let flag = bold(long || option.short == nil ? "--" + option.name : "-\(option.short!)")
        switch option.kind {
        case .flag: return flag
        case let .value(valueName): return flag + "\\ " + italic(valueName)
        case let .remainder(valueName): return flag + "\\ " + italic(valueName) + "\\ ..."
        }
    }

    private func optional(_ text: String) -> String { "[" + text + "]" }
    private func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }
    private func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    private func withoutFullStop(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

/// Text for roff: a backslash is `\e`, a hyphen `\-` (so that options can be
/// copied from the page), and anything beyond ASCII a `\[u` escape with its four or more hex digits (`\[u00E9]`), which
/// every formatter reads whatever the locale.
func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\e"
        case "-": result += "\\-"
        case "\t": result += " "
        case _ where scalar.value > 0x7E:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// The page's source, built line by line: macro lines, and text lines kept to
/// 80 bytes (where mandoc's lint draws the line) without changing the output.
private struct Page {
    var source = ""

    /// A macro line; its arguments are in roff's escapes already.
    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }
        source += ([".\(name)"] + quoted).joined(separator: " ") + "\n"
    }

    /// Text already in roff's escapes: filled, so it may be broken at any space.
    mutating func text(_ text: String) {
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
                append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { append(line) }
    }

    /// Plain text: paragraphs at blank lines, a line break where it has one.
    mutating func prose(_ text: String) {
        var first = true, paragraphStarts = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                paragraphStarts = true
                continue
            }
            if !first { macro(paragraphStarts ? "PP" : "br") }
            self.text(escaped(String(line)))
            first = false
            paragraphStarts = false
        }
    }

    /// Lines shown as they are, indented, in a fixed-width font.
    mutating func example(_ lines: [String]) {
        macro("RS")
        macro("EX")
        for line in lines { append(line) }
        macro("EE")
        macro("RE")
    }

    /// A text line; one that would start with a control character is kept as text.
    private mutating func append(_ line: String) {
        source += (line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : "") + line + "\n"
    }
}
