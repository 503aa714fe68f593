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
    public let help: String

    public init(_ name: String, short: Character? = nil, _ kind: Kind = .flag,
                required: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.isRequired = required
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

/// A positional argument, e.g. `<name>` or `<id> ...`.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let isOptional: Bool
    public let isRepeating: Bool
    public let help: String

    public init(_ name: String, optional: Bool = false, repeating: Bool = false, help: String) {
        self.name = name
        self.isOptional = optional
        self.isRepeating = repeating
        self.help = help
    }

    public var synopsis: String {
        let core = isRepeating ? "<\(name)> ..." : "<\(name)>"
        return isOptional ? "[\(core)]" : core
    }
}

/// A subcommand: what it is called, what it takes, and its help. A command
/// with subcommands is a group (`live` of `live start`): its own words only
/// lead to one of them, and it cannot run by itself.
public struct CommandSpec: Sendable {
    public let name: String
    /// The words that name it after the tool: `add`, or `live start` for a
    /// subcommand. Set when the command is put in its group.
    public private(set) var path: String
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let examples: [String]
    public private(set) var subcommands: [CommandSpec]

    public init(_ name: String, abstract: String, discussion: String? = nil,
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [String] = [],
                subcommands: [CommandSpec] = []) {
        self.name = name
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
}

/// The whole tool: its commands and the options every command accepts.
public struct ToolSpec: Sendable {
    public let name: String
    public let version: String
    public let abstract: String
    public let discussion: String?
    public let globalOptions: [OptionSpec]
    public let commands: [CommandSpec]

    public init(name: String, version: String, abstract: String, discussion: String? = nil,
                globalOptions: [OptionSpec], commands: [CommandSpec]) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.globalOptions = globalOptions
        self.commands = commands
    }

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
