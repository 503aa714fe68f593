/// Sorts a command line into an `Invocation` by a `ToolSpec`:
/// `tool [global options] [command] [options and arguments]`. Global options are
/// accepted before or after the command; `--` ends the options.
public struct CommandLineParser: Sendable {
    public let tool: ToolSpec
    /// The command run when none is named.
    public let defaultCommand: String?

    public init(tool: ToolSpec, defaultCommand: String? = nil) {
        self.tool = tool
        self.defaultCommand = defaultCommand
    }

    public func parse(_ words: [String]) throws(UsageError) -> Invocation {
        var index = 0
        var leading = ParsedArguments()
        // An option that is not global, before any command, starts the default
        // command's options: `traqt --quiet` is `traqt today --quiet`.
        var startsDefaultCommand = false
        // Global options, help and version before the command.
        while index < words.count, words[index].hasPrefix("-"), words[index] != "-" {
            let word = words[index]
            switch word {
            case "--help", "-h":
                // `traqt --help add` asks for add's help, as `traqt help add` does.
                return .help(command: helpTarget(below: nil, words: words[(index + 1)...]))
            case "--version": return .version
            case "--": index += 1; break
            default:
                if defaultCommand != nil && !isGlobalOption(word) {
                    startsDefaultCommand = true
                    break
                }
                index = try parseOption(at: index, in: words, options: tool.globalOptions,
                                        command: nil, into: &leading)
                continue
            }
            break
        }
        let commandName: String
        // Errors show the usage of the command the user typed; of none, the overview's.
        var commandWasTyped = false
        if index < words.count && !startsDefaultCommand {
            commandName = words[index]
            commandWasTyped = true
            index += 1
        } else if let defaultCommand {
            commandName = defaultCommand
        } else {
            throw UsageError("Missing expected argument '<command>'", command: nil)
        }
        if commandName == "help" { return try helpInvocation(words[index...]) }
        guard var command = tool.command(named: commandName) else { throw unknownCommand(commandName) }

        // A group's next word names one of its subcommands; global options and
        // help may come before it (`traqt live --db x start`, `traqt live --help`).
        while command.isGroup {
            guard index < words.count else {
                throw UsageError("Missing expected argument '<subcommand>'", command: command.path)
            }
            let word = words[index]
            if word == "--help" || word == "-h" {
                return .help(command: helpTarget(below: command, words: words[(index + 1)...]))
            } else if word == "--" {
                index += 1
            } else if word.hasPrefix("-") && word != "-" {
                index = try parseOption(at: index, in: words, options: command.options + tool.globalOptions,
                                        command: command.path, into: &leading)
            } else {
                guard let subcommand = command.subcommand(named: word) else {
                    throw unknownSubcommand(word, of: command)
                }
                command = subcommand
                index += 1
            }
        }
        let typedCommand = commandWasTyped ? command.path : nil

        var parsed = leading
        let options = command.options + tool.globalOptions
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                index += 1
            } else if word == "--" {
                onlyPositionals = true
                index += 1
            } else if word == "--help" || word == "-h" {
                return .help(command: command.path)
            } else {
                index = try parseOption(at: index, in: words, options: options, command: typedCommand, into: &parsed)
            }
        }
        try validate(parsed, against: command)
        #if DEBUG
        parsed.accepted = options.map(\.name)
        #endif
        return .run(command: command.path, arguments: parsed)
    }

    /// `help [command [subcommand ...]]`: the words must name a command, and
    /// below a group one of its subcommands; nothing may follow.
    private func helpInvocation(_ words: ArraySlice<String>) throws(UsageError) -> Invocation {
        guard let first = words.first else { return .help(command: nil) }
        var rest = words.dropFirst()
        var target: CommandSpec?
        if first != "help" {
            guard let command = tool.command(named: first) else { throw unknownCommand(first) }
            target = command
            while let command = target, command.isGroup, let word = rest.first {
                guard let subcommand = command.subcommand(named: word) else {
                    throw unknownSubcommand(word, of: command)
                }
                target = subcommand
                rest = rest.dropFirst()
            }
        }
        if let extra = rest.first {
            throw UsageError("Unexpected argument '\(extra)'", command: nil)
        }
        return .help(command: target?.path)
    }

    /// The command whose help `--help` asks for: `group` (nil: the tool), or as
    /// deep below it as the words after `--help` name subcommands
    /// (`traqt --help live start`). Words that name nothing are ignored, as
    /// help wins over a command line that is otherwise wrong.
    private func helpTarget(below group: CommandSpec?, words: ArraySlice<String>) -> String? {
        var target = group
        for word in words where !word.hasPrefix("-") {
            let next: CommandSpec?
            if let group = target { next = group.subcommand(named: word) } else { next = tool.command(named: word) }
            guard let next else { break }
            target = next
        }
        return target?.path
    }

    /// Whether `word` (`--name`, `--name=value` or `-x`) names one of the tool's global options.
    private func isGlobalOption(_ word: String) -> Bool {
        if word.hasPrefix("--") {
            let name = word.dropFirst(2).prefix { $0 != "=" }
            return tool.globalOptions.contains { $0.name == name }
        }
        return word.count == 2 && tool.globalOptions.contains { $0.short == word.last }
    }

    /// Reads the option at `words[index]` (and its value); returns the index after it.
    private func parseOption(at index: Int, in words: [String], options: [OptionSpec],
                             command: String?, into parsed: inout ParsedArguments) throws(UsageError) -> Int {
        let word = words[index]
        var attached: String?
        let option: OptionSpec
        if word.hasPrefix("--") {
            var name = String(word.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let match = options.first(where: { $0.name == name }) else {
                throw unknownOption(word: "--" + name, candidates: options.map { "--" + $0.name }, command: command)
            }
            option = match
        } else {
            let letters = Array(word.dropFirst())
            guard letters.count == 1, let match = options.first(where: { $0.short == letters[0] }) else {
                throw unknownOption(word: word, candidates: options.compactMap { $0.short.map { "-\($0)" } }, command: command)
            }
            option = match
        }
        switch option.kind {
        case .flag:
            guard attached == nil else {
                throw UsageError("'--\(option.name)' does not take a value", command: command)
            }
            parsed[values: option.name] = []
            return index + 1
        case .value:
            if let attached {
                parsed.append(attached, to: option.name)
                return index + 1
            }
            // A following option is not taken as the value: `--at --json` is a mistake.
            guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                throw UsageError("Missing value for '\(option.synopsis)'", command: command)
            }
            parsed.append(words[index + 1], to: option.name)
            return index + 2
        case .remainder:
            let rest = (attached.map { [$0] } ?? []) + words[(index + 1)...]
            guard !rest.isEmpty else {
                throw UsageError("Missing value for '\(option.synopsis)'", command: command)
            }
            parsed[values: option.name] = Array(rest)
            return words.count
        }
    }

    private func validate(_ parsed: ParsedArguments, against command: CommandSpec) throws(UsageError) {
        var remaining = parsed.positionals[...]
        for argument in command.arguments {
            if argument.isRepeating {
                if remaining.isEmpty && !argument.isOptional {
                    throw UsageError("Missing expected argument '\(argument.synopsis)'", command: command.path)
                }
                remaining = []
            } else if remaining.isEmpty {
                if !argument.isOptional {
                    throw UsageError("Missing expected argument '<\(argument.name)>'", command: command.path)
                }
            } else {
                remaining = remaining.dropFirst()
            }
        }
        if let extra = remaining.first {
            throw UsageError("Unexpected argument '\(extra)'", command: command.path)
        }
        for option in command.options where option.isRequired && parsed[values: option.name] == nil {
            throw UsageError("Missing expected argument '\(option.synopsis)'", command: command.path)
        }
    }

    private func unknownCommand(_ name: String) -> UsageError {
        var message = "Unknown command '\(name)'"
        if let suggestion = closestMatch(to: name, among: tool.visibleCommands.map(\.name) + ["help"]) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, command: nil)
    }

    private func unknownSubcommand(_ name: String, of group: CommandSpec) -> UsageError {
        var message = "Unknown subcommand '\(name)'"
        if let suggestion = closestMatch(to: name, among: group.visibleSubcommands.map(\.name)) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, command: group.path)
    }

    private func unknownOption(word: String, candidates: [String], command: String?) -> UsageError {
        var message = "Unknown option '\(word)'"
        if let suggestion = closestOption(to: word, among: candidates + ["--help"]) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, command: command)
    }

    /// A long option within a few edits; a short one only when it differs in
    /// case (`-Q` for `-q`): every one-letter option is one edit from every
    /// other, so `-V` has no near miss in `-q`.
    private func closestOption(to word: String, among candidates: [String]) -> String? {
        guard word.hasPrefix("--") else {
            return candidates.first { $0.count == 2 && $0 != word && $0.lowercased() == word.lowercased() }
        }
        return closestMatch(to: word, among: candidates.filter { $0.hasPrefix("--") })
    }
}

/// The candidate within two edits of `word` (or one for short words), if any.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let limit = word.count <= 4 ? 1 : 2
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
}

/// Edits between two strings, by characters: insertions, deletions,
/// substitutions and swaps of neighbours (`lsit` is one edit from `list`).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // distance[i][j]: edits between the first i characters of a and the first j of b.
    var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { distance[i][0] = i }
    for j in 0...b.count { distance[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
            }
        }
    }
    return distance[a.count][b.count]
}
