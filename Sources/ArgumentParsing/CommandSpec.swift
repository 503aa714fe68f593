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

/// A subcommand: what it is called, what it takes, and its help.
public struct CommandSpec: Sendable {
    public let name: String
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let examples: [String]

    public init(_ name: String, abstract: String, discussion: String? = nil,
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [String] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
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

    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
