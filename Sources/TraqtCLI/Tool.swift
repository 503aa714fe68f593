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
        LiveCommand.self, PushCommand.self, WatchCommand.self, CompletionsCommand.self, ManCommand.self,
        CompleteCommand.self,
    ]

    static let spec = ToolSpec(
        name: "traqt", version: version,
        abstract: "A shared store of daily activities, safe for many processes at once.",
        discussion: """
            Run without a command, traqt shows what is still pending today.
            """,
        globalOptions: [
            CommonOptions.db,
        ],
        commands: commands.map { $0.spec })

    /// The table as help and the manual show it: with the environment variables
    /// and exit statuses, which parsing does not need. Built when asked for:
    /// their two lists cost a tenth of a start-up.
    static var documented: ToolSpec {
        var documented = spec
        documented.environment = EnvironmentVariables.all
        documented.exitStatuses = ExitStatuses.all
        return documented
    }

    /// Runs one command line to completion and returns the exit status.
    public static func main(arguments: [String], environment: Environment) -> Int32 {
        let output = OutputBuffer(descriptor: 1)
        let status = run(arguments: arguments, environment: environment, output: output)
        do {
            try output.flush()
        } catch OutputError.brokenPipe {
            return ExitCode.brokenPipe.rawValue
        } catch {
            printError("cannot write to standard output: \(error)")
            return status == 0 ? ExitCode.ioError.rawValue : status
        }
        return status
    }

    private static func run(arguments: [String], environment: Environment, output: OutputBuffer) -> Int32 {
        let help = HelpFormatter(tool: spec)
        do {
            switch try CommandLineParser(tool: spec, defaultCommand: "today").parse(arguments) {
            case .version:
                output.append("traqt \(version)\n")
            case .help(nil):
                output.append(HelpFormatter(tool: documented).toolHelp())
            case let .help(name?):
                output.append(help.help(for: spec.command(atPath: name)!))
            case let .run(name, parsed):
                // A group runs its subcommand (`live` runs `live start`).
                let first = name.prefix { $0 != " " }
                let command = commands.first { $0.spec.name == first }!
                let context = Context(command: name, arguments: parsed, environment: environment, output: output)
                try command.run(context)
            }
            return ExitCode.success.rawValue
        } catch let error as UsageError {
            // Nothing of a failed command reaches standard output.
            output.bytes.removeAll()
            var text = "Error: \(ErrorMessage.sanitized(error.message))\n"
            if let name = error.command, let command = spec.command(atPath: name) {
                text += "Usage: \(help.usage(for: command))\n  See 'traqt \(name) --help' for more information.\n"
            } else {
                text += "Usage: \(help.toolUsage())\n  See 'traqt --help' for more information.\n"
            }
            writeStandardError(text)
            return ExitCode.usage.rawValue
        } catch {
            output.bytes.removeAll()
            return report(error)
        }
    }

    /// Prints `Error: …` for a failure and returns its exit code.
    private static func report(_ error: any Error) -> Int32 {
        switch error {
        case let error as StoreError:
            printError(error.description)
            return ExitCode(for: error).rawValue
        case let error as CommandError:
            printError(error.description)
            return error.exitCode.rawValue
        case let error as DayMarkError:
            printError(error.description)
            return ExitCode.dataError.rawValue
        case let error as EditError:
            printError(error.description)
            return ExitCode.dataError.rawValue
        case let error as LiveError:
            printError("\(error); nothing was changed")
            return ExitCode.dataError.rawValue
        case let error as PushCommandError:
            printError(error.description)
            return error.exitCode.rawValue
        case OutputError.brokenPipe:
            return ExitCode.brokenPipe.rawValue
        case let error as OutputError:
            printError("cannot write to standard output: \(error)")
            return ExitCode.ioError.rawValue
        default:
            printError("\(error)")
            return ExitCode.internalError.rawValue
        }
    }

    /// Every message may quote what the user typed or a file held: it is made
    /// safe to show first.
    static func printError(_ message: String) {
        writeStandardError("Error: \(ErrorMessage.sanitized(message))\n")
    }
}
