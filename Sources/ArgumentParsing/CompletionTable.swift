/// The tool's table as completion scripts read it: every command a user may
/// type, by path, with the options and arguments that apply there. Each
/// shell's script is rendered from this, so that a command added to the table
/// is completed without a change to any script writer.
struct CompletionTable {
    struct Entry {
        /// The words after the tool's name (`live start`); "" for the tool itself.
        let path: String
        /// What may follow as the next word: subcommands (or, for the tool, its
        /// commands and `help`, whose own words are command paths again).
        let subcommands: [CommandSpec]
        /// The options of this command alone.
        let ownOptions: [OptionSpec]
        /// Its own options, then the global ones, then `--help` (and `--version` for the tool).
        let options: [OptionSpec]
        let arguments: [ArgumentSpec]
    }

    let tool: ToolSpec
    /// The tool first, then every visible command and subcommand, depth first.
    let entries: [Entry]
    /// A name shell functions and variables can start with: `_traqt`.
    let prefix: String

    init(tool: ToolSpec) {
        self.tool = tool
        prefix = "_" + identifier(tool.name)
        var entries = [Entry(path: "",
                             subcommands: tool.visibleCommands + [ToolSpec.helpCommand], ownOptions: [],
                             options: tool.globalOptions + [OptionSpec.help, OptionSpec.version], arguments: [])]
        func add(_ command: CommandSpec) {
            entries.append(Entry(path: command.path,
                                 subcommands: command.visibleSubcommands, ownOptions: command.options,
                                 options: command.options + tool.globalOptions + [OptionSpec.help],
                                 arguments: command.arguments))
            command.visibleSubcommands.forEach(add)
        }
        tool.visibleCommands.forEach(add)
        self.entries = entries
    }

    /// Every option that is not a flag, with the command path it belongs to
    /// (nil: a global option, at any path): what the scripts' walkers look up
    /// to know whether the next word is the option's value.
    var valueOptions: [(path: String?, option: OptionSpec)] {
        var options: [(path: String?, option: OptionSpec)] = []
        for entry in entries {
            for option in entry.ownOptions where option.takesValue || option.takesRest { options.append((entry.path, option)) }
        }
        for option in tool.globalOptions where option.takesValue || option.takesRest { options.append((nil, option)) }
        return options
    }

    /// The global options that take a value: passed along to the tool when it
    /// lists words (`--db`), as they say where its data is.
    var globalValueOptions: [OptionSpec] { tool.globalOptions.filter(\.takesValue) }
}

extension OptionSpec {
    /// Whether it takes a value in the next word (or after `=`).
    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// Whether it takes every word after it (`--exec <command> ...`).
    var takesRest: Bool {
        if case .remainder = kind { return true }
        return false
    }

    /// `--name`, then `-x` when it has a short form.
    var spellings: [String] { ["--" + name] + (short.map { ["-\($0)"] } ?? []) }
}

/// The first clause of a help text, for the one-line descriptions shells
/// show: up to the first ':', ';' or full stop before a space (a full stop
/// that ends a word: not one of `...`, `e.g.`, `i.e.`).
func firstClause(_ text: String) -> String {
    var clause = ""
    for character in text {
        let character: Character = character == "\n" ? " " : character
        if character == " " {
            if clause.hasSuffix(":") || clause.hasSuffix(";") { return String(clause.dropLast()) }
            if clause.hasSuffix("."), !clause.hasSuffix(".."), !clause.hasSuffix("e.g."), !clause.hasSuffix("i.e.") {
                return String(clause.dropLast())
            }
        }
        clause.append(character)
    }
    return clause.hasSuffix(".") && !clause.hasSuffix("..") ? String(clause.dropLast()) : clause
}

/// `word` as part of a shell function's name: letters and digits kept, anything else `_`.
func identifier(_ word: String) -> String {
    String(word.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}

/// `text` in single quotes for a POSIX shell: `it's` is `'it'\''s'`.
func shellQuoted(_ text: String) -> String {
    "'" + text.escaping(["'": "'\\''"]) + "'"
}

extension String {
    /// Each character `escapes` has a key for replaced by its value. (The
    /// standard library's `replacing` comes with the regex engine, a megabyte
    /// more in the executable.)
    func escaping(_ escapes: KeyValuePairs<Character, String>) -> String {
        var result = ""
        for character in self {
            if let escape = escapes.first(where: { $0.key == character }) {
                result += escape.value
            } else {
                result.append(character)
            }
        }
        return result
    }
}
