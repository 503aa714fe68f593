import ArgumentParsing
import TraqtCore

/// The tool's commands and global options, and how to run an invocation.
public enum Tool {
    static let version = "0.2.0"
    /// When `version` was last changed: the manual's date.
    static let versionDate = "2026-11-30"
    static let commands: [any Command.Type] = [
        AddCommand.self, EditCommand.self, RemoveCommand.self, ListCommand.self, TodayCommand.self,
        DoneCommand.self, UndoneCommand.self, SkipCommand.self, UnskipCommand.self,
        ExportCommand.self, ImportCommand.self, DueCommand.self, SummaryCommand.self,
        LiveCommand.self, PushCommand.self, TokenCommand.self, WatchCommand.self, ServeCommand.self, CompletionsCommand.self,
        ManCommand.self,
        CompleteCommand.self,
    ]
    /// The names of `commands`, in their order (a test checks they agree): a
    /// command line is matched to its command without building every spec.
    static let commandNames = [
        "add", "edit", "remove", "list", "today", "done", "undone", "skip", "unskip",
        "export", "import", "due", "summary", "live", "push", "token", "watch", "serve", "completions", "man",
        "__complete",
    ]

    /// What runs when no command is named.
    static let defaultCommand = "today"

    static let spec = toolSpec(commands: commands.map { $0.spec })

    private static func toolSpec(commands: [CommandSpec]) -> ToolSpec {
        ToolSpec(
            name: "traqt", version: version,
            abstract: "A shared store of daily activities, safe for many processes at once.",
            discussion: """
                Run without a command, traqt shows what is still pending today.
                """,
            globalOptions: [
                CommonOptions.db,
            ],
            commands: commands)
    }

    /// The table with only the command a command line names, for parsing it:
    /// building all of them is a tenth of a one-row write's start-up. The first
    /// word that names a command, else the default command, `today`.
    static func spec(narrowedTo words: [String]) -> ToolSpec {
        let index = words.lazy.compactMap { commandNames.firstIndex(of: $0) }.first
            ?? commandNames.firstIndex(of: defaultCommand)!
        return toolSpec(commands: [commands[index].spec])
    }

    /// What a command line asks for. A word that names a command may be an
    /// option's value instead (`--db push`), so the narrowed table decides only a
    /// run it parses: the parser's choice then depends on the global options and
    /// that command alone, as it would with the whole table. Anything else (help,
    /// an error, whose message may suggest another command) is parsed again whole.
    static func parse(_ words: [String]) throws(UsageError) -> Invocation {
        let narrowed = CommandLineParser(tool: spec(narrowedTo: words), defaultCommand: defaultCommand)
        if case let .run(name, parsed)? = try? narrowed.parse(words) {
            return .run(command: name, arguments: parsed)
        }
        return try CommandLineParser(tool: spec, defaultCommand: defaultCommand).parse(words)
    }

    /// The table as help and the manual show it: with the environment variables
    /// and exit statuses, which parsing does not need. Built when asked for:
    /// their two lists cost a tenth of a start-up.
    static var documented: ToolSpec {
        var documented = spec
        documented.environment = EnvironmentVariables.all
        documented.exitStatuses = ExitStatuses.all
        return documented
    }

    /// Runs one command line to completion in the process's own streams and
    /// clock, and returns the exit status.
    public static func main(arguments: [String], environment: Environment) -> Int32 {
        main(arguments: arguments, environment: environment, clock: Instant.now, streams: .process)
    }

    static func main(arguments: [String], environment: Environment, clock: @escaping () -> Instant,
                     streams: StandardStreams) -> Int32 {
        let output = OutputBuffer(descriptor: streams.output)
        let status = run(arguments: arguments, environment: environment, clock: clock, streams: streams, output: output)
        do {
            try output.flush()
        } catch {
            // A failed command leaves nothing to write: its status stands.
            let code = report(error, to: streams.errors)
            return status == 0 ? code : status
        }
        return status
    }

    private static func run(arguments: [String], environment: Environment, clock: @escaping () -> Instant,
                            streams: StandardStreams, output: OutputBuffer) -> Int32 {
        do {
            switch try parse(arguments) {
            case .version:
                output.append("traqt \(version)\n")
            case .help(nil):
                output.append(HelpFormatter(tool: documented).toolHelp())
            case let .help(name?):
                output.append(HelpFormatter(tool: spec).help(for: spec.command(atPath: name)!))
            case let .run(name, parsed):
                // A group runs its subcommand (`live` runs `live start`).
                let first = String(name.prefix { $0 != " " })
                let command = commands[commandNames.firstIndex(of: first)!]
                let context = Context(command: name, arguments: parsed, environment: environment, clock: clock,
                                      streams: streams, output: output)
                try command.run(context)
            }
            return ExitCode.success.rawValue
        } catch {
            // Nothing of a failed command reaches standard output.
            output.bytes.removeAll()
            return report(error, to: streams.errors)
        }
    }

    /// Prints `Error: …` for a failure (and the usage line after a usage
    /// error) to this run's standard error, and returns its exit status. Every
    /// error the user can see is a `ReportableError`; anything else is a bug of
    /// traqt's, shown as it is.
    private static func report(_ error: any Error, to errors: Int32) -> Int32 {
        guard let error = error as? any ReportableError else {
            printError("\(error)", to: errors)
            return ExitCode.internalError.rawValue
        }
        // A reader that went away is not worth a message.
        guard error.reason != .readerGone else { return error.exitCode.rawValue }
        var text = "Error: \(ErrorMessage.sanitized(error.userMessage))\n"
        if let error = error as? UsageError {
            let help = HelpFormatter(tool: spec)
            if let name = error.command, let command = spec.command(atPath: name) {
                text += "Usage: \(help.usage(for: command))\n  See 'traqt \(name) --help' for more information.\n"
            } else {
                text += "Usage: \(help.toolUsage())\n  See 'traqt --help' for more information.\n"
            }
        }
        writeStandardError(text, to: errors)
        return error.exitCode.rawValue
    }

    /// Every message may quote what the user typed or a file held: it is made
    /// safe to show first.
    static func printError(_ message: String, to errors: Int32) {
        writeStandardError("Error: \(ErrorMessage.sanitized(message))\n", to: errors)
    }
}
