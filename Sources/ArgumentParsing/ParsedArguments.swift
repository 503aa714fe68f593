/// What the user typed, sorted by the command's spec.
public struct ParsedArguments: Sendable, Equatable {
    public var positionals: [String] = []
    /// The options given, kept sorted by name. A short list rather than a
    /// dictionary: a command line holds a handful, and a process that starts
    /// for one command should not pay to set up a dictionary type.
    private var entries: [Entry] = []

    private struct Entry: Sendable, Equatable {
        let name: String
        var values: [String]
    }

    #if DEBUG
    /// The names of the options the command accepts, set by the parser: looking
    /// up any other is a command reading an option its spec lacks, which would
    /// silently find nothing. Debug builds (the tests) check every lookup.
    var accepted: [String]?
    #endif

    public static func == (left: ParsedArguments, right: ParsedArguments) -> Bool {
        left.positionals == right.positionals && left.entries == right.entries
    }

    /// The values stored under `option`'s name, once debug builds checked the command accepts it.
    private func lookUp(_ option: OptionSpec) -> [String]? {
        #if DEBUG
        assert(accepted?.contains(option.name) ?? true, "--\(option.name) is not an option of this command")
        #endif
        return self[values: option.name]
    }

    public init(positionals: [String] = [], options: [String: [String]] = [:]) {
        self.positionals = positionals
        for (name, values) in options { self[values: name] = values }
    }

    /// Values by option name; a flag has an empty list; a repeated option keeps every value.
    public var options: [String: [String]] {
        var options: [String: [String]] = [:]
        for entry in entries { options[entry.name] = entry.values }
        return options
    }

    /// The values of the option `name`, nil when it was not given.
    public subscript(values name: String) -> [String]? {
        get { entries.first { $0.name == name }?.values }
        set {
            let position = entries.firstIndex { $0.name >= name } ?? entries.endIndex
            let present = position < entries.endIndex && entries[position].name == name
            switch (newValue, present) {
            case let (values?, true): entries[position].values = values
            case let (values?, false): entries.insert(Entry(name: name, values: values), at: position)
            case (nil, true): entries.remove(at: position)
            case (nil, false): break
            }
        }
    }

    /// Adds one more value of the option `name`.
    public mutating func append(_ value: String, to name: String) {
        self[values: name] = (self[values: name] ?? []) + [value]
    }

    // Lookups take the option's spec, not its name: the spec a command is
    // parsed with is the one it reads, so renaming an option cannot leave a
    // lookup behind that silently finds nothing.

    /// Whether the flag (or any option) `option` was given.
    public func flag(_ option: OptionSpec) -> Bool { lookUp(option) != nil }

    /// The option's value; the last one wins when it was given more than once.
    public func value(_ option: OptionSpec) -> String? { lookUp(option)?.last }

    /// Every value of an option that may be repeated, nil when it was not given.
    public func values(_ option: OptionSpec) -> [String]? { lookUp(option) }

    /// All the words of a `.remainder` option.
    public func remainder(_ option: OptionSpec) -> [String]? { lookUp(option) }
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
