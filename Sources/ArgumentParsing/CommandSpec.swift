/// A command-line option, e.g. `--days <days>` or the flag `--json`.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Present or not: `--json`.
        case flag
        /// Takes one value: `--at <time>` or `--at=<time>`.
        case value(name: String)
        /// Takes every word after it, options included: `--exec <command> ...`.
        case remainder(name: String)
    }

    public let name: String
    public let short: Character?
    public let kind: Kind
    public let isRequired: Bool
    /// What a shell offers for the value; nil: nothing (free text).
    public let completion: ValueCompletion?
    public let help: String

    public init(_ name: String, short: Character? = nil, _ kind: Kind = .flag,
                required: Bool = false, completion: ValueCompletion? = nil, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.isRequired = required
        self.completion = completion
        self.help = help
    }

    /// `--at <time>`, as shown in usage lines and error messages.
    public var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case let .value(valueName): return "--\(name) <\(valueName)>"
        case let .remainder(valueName): return "--\(name) <\(valueName)> ..."
        }
    }
}

extension OptionSpec {
    /// `-h, --help`, which every command and the tool accept; the parser answers it.
    public static let help = OptionSpec("help", short: "h", help: "Show help information.")
    /// `--version`, which only the tool accepts; the parser answers it.
    public static let version = OptionSpec("version", help: "Show the version.")
}

/// A positional argument, e.g. `<name>` or `<id> ...`.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let isOptional: Bool
    public let isRepeating: Bool
    /// What a shell offers for it; nil: nothing (free text).
    public let completion: ValueCompletion?
    public let help: String

    public init(_ name: String, optional: Bool = false, repeating: Bool = false,
                completion: ValueCompletion? = nil, help: String) {
        self.name = name
        self.isOptional = optional
        self.isRepeating = repeating
        self.completion = completion
        self.help = help
    }

    public var synopsis: String {
        let core = isRepeating ? "<\(name)> ..." : "<\(name)>"
        return isOptional ? "[\(core)]" : core
    }
}

/// A subcommand: what it is called, what it takes, and its help. A command
/// with subcommands is a group (`live` of `live start`): its own words only
/// lead to one of them, and it cannot run by itself. A hidden command runs
/// like any other but is left out of help, the manual and completion: it
/// serves the tool's own scripts (completion's word lists).
public struct CommandSpec: Sendable {
    public let name: String
    public let isHidden: Bool
    /// The words that name it after the tool: `add`, or `live start` for a
    /// subcommand. Set when the command is put in its group.
    public private(set) var path: String
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let examples: [String]
    public private(set) var subcommands: [CommandSpec]

    public init(_ name: String, hidden: Bool = false, abstract: String, discussion: String? = nil,
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [String] = [],
                subcommands: [CommandSpec] = []) {
        self.name = name
        self.isHidden = hidden
        self.path = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.subcommands = subcommands.map { $0.nested(under: name) }
    }

    /// This command and every one below it, as seen from inside `parent`.
    private func nested(under parent: String) -> CommandSpec {
        var copy = self
        copy.path = parent + " " + path
        copy.subcommands = subcommands.map { $0.nested(under: parent) }
        return copy
    }

    public var isGroup: Bool { !subcommands.isEmpty }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The subcommands help, the manual and completion show.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

    /// The argument a positional at `index` (0-based) fills, if any: the last
    /// one takes every word from there when it repeats.
    public func argument(at index: Int) -> ArgumentSpec? {
        if index < arguments.count { return arguments[index] }
        return arguments.last.flatMap { $0.isRepeating ? $0 : nil }
    }
}

/// A name and what it is, as help and the manual list them: an environment
/// variable the tool reads, a file it uses.
public struct DefinitionSpec: Sendable {
    public let name: String
    public let help: String

    public init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}

/// An exit status the tool documents, for help and the manual.
public struct ExitStatusSpec: Sendable {
    public let code: Int32
    public let meaning: String

    public init(_ code: Int32, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}

/// The whole tool: its commands and the options every command accepts.
public struct ToolSpec: Sendable {
    public let name: String
    public let version: String
    public let abstract: String
    public let discussion: String?
    public let globalOptions: [OptionSpec]
    public let commands: [CommandSpec]
    /// What the tool's help and the manual add; parsing needs neither, so a
    /// tool may leave them out of the table it parses with and set them only
    /// when help is printed (every array of a new type costs start-up time).
    public var environment: [DefinitionSpec]
    public var exitStatuses: [ExitStatusSpec]

    public init(name: String, version: String, abstract: String, discussion: String? = nil,
                globalOptions: [OptionSpec], commands: [CommandSpec],
                environment: [DefinitionSpec] = [], exitStatuses: [ExitStatusSpec] = []) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.globalOptions = globalOptions
        self.commands = commands
        self.environment = environment
        self.exitStatuses = exitStatuses
    }

    /// The commands help, the manual and completion show.
    public var visibleCommands: [CommandSpec] { commands.filter { !$0.isHidden } }

    /// The top-level command called `name`.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The command at `path`, its words separated by single spaces (`live start`),
    /// as `CommandSpec.path`, `Invocation` and `UsageError` name commands.
    public func command(atPath path: String) -> CommandSpec? {
        let words = path.split(separator: " ", omittingEmptySubsequences: false)
        guard var command = command(named: String(words[0])) else { return nil }
        for word in words.dropFirst() {
            guard let next = command.subcommand(named: String(word)) else { return nil }
            command = next
        }
        return command
    }
}

extension ToolSpec {
    /// `help [command ...]`, which the parser answers itself: listed with the
    /// commands in help, the manual and completion.
    public static let helpCommand = CommandSpec(
        "help", abstract: "Show help for a command.",
        arguments: [ArgumentSpec("command", optional: true, repeating: true,
                                 help: "The command, and its subcommand, to show help for.")])
}
