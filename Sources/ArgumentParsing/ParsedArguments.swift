/// What the user typed, sorted by the command's spec.
public struct ParsedArguments: Sendable, Equatable {
    public var positionals: [String] = []
    /// Values by option name; a flag has an empty list; a repeated option keeps every value.
    public var options: [String: [String]] = [:]

    public init(positionals: [String] = [], options: [String: [String]] = [:]) {
        self.positionals = positionals
        self.options = options
    }

    public func flag(_ name: String) -> Bool { options[name] != nil }

    /// The option's value; the last one wins when it was given more than once.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// All the words of a `.remainder` option.
    public func remainder(_ name: String) -> [String]? { options[name] }
}

/// What the command line asks for.
public enum Invocation: Sendable, Equatable {
    case run(command: String, arguments: ParsedArguments)
    /// `--help`, `-h`, `help [command]`, or `command --help`; nil: the tool's own help.
    case help(command: String?)
    case version
}

/// A command line that does not fit the spec. `command` names the subcommand
/// whose usage line should follow the message, if any.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
