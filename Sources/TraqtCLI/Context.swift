#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import TraqtCore

/// What a command runs with: its parsed arguments, the environment, the clock,
/// and its standard streams. Given once at start, passed down, never global:
/// the process's own, or a caller's that runs the command in-process.
struct Context {
    let command: String
    let arguments: ParsedArguments
    /// An environment variable's value, read when asked for.
    let environment: Environment
    /// The time now, each time it is called.
    let clock: () -> Instant
    let streams: StandardStreams
    let output: OutputBuffer
    /// Whether standard output is a terminal: decides colour, width and how `watch` draws.
    let outputIsTerminal: Bool
    /// Colour only on a terminal, never with NO_COLOR or TERM=dumb.
    let useColor: Bool

    init(command: String, arguments: ParsedArguments, environment: Environment, clock: @escaping () -> Instant,
         streams: StandardStreams, output: OutputBuffer) {
        self.command = command
        self.arguments = arguments
        self.environment = environment
        self.clock = clock
        self.streams = streams
        self.output = output
        outputIsTerminal = streams.outputIsTerminal ?? (isatty(streams.output) == 1)
        useColor = outputIsTerminal
            && (environment["NO_COLOR"] ?? "").isEmpty
            && environment["TERM"] != "dumb"
    }

    /// `path`, or standard input for `-`, to read.
    func openInput(_ path: String) throws(CommandError) -> InputReader {
        try InputReader(path: path, standardInput: streams.input)
    }

    /// Writes `text` to standard error as it is.
    func writeError(_ text: String) { writeStandardError(text, to: streams.errors) }

    /// Prints `Error: message`, made safe to show, to standard error.
    func printError(_ message: String) { Tool.printError(message, to: streams.errors) }

    /// Reads an option's value with a library parser; a bad value is a usage error
    /// that names the option.
    func parse<T>(_ option: OptionSpec, _ parser: (String) throws(InvalidValue) -> T) throws(UsageError) -> T? {
        guard let text = arguments.value(option) else { return nil }
        do {
            return try parser(text)
        } catch {
            throw UsageError("Invalid value for '--\(option.name)': \(error.message)", command: command)
        }
    }

    /// Reads a required option's value. The parser refuses a command line
    /// without it; should the spec stop requiring it, this says so in the same words.
    func parse<T>(required option: OptionSpec, _ parser: (String) throws(InvalidValue) -> T) throws(UsageError) -> T {
        guard let value = try parse(option, parser) else {
            throw UsageError("Missing expected argument '\(option.synopsis)'", command: command)
        }
        return value
    }

    /// Refuses two options given together that exclude each other (`--json`
    /// and `--markdown`): a usage error naming both.
    func refuseTogether(_ first: OptionSpec, _ second: OptionSpec) throws(UsageError) {
        if arguments.flag(first) && arguments.flag(second) {
            throw UsageError("'--\(first.name)' and '--\(second.name)' cannot be used together", command: command)
        }
    }

    /// The command's one reading of the clock, or the moment `--now` names.
    func now() throws(UsageError) -> Instant {
        let now = clock()
        return try parse(CommonOptions.now) { (text) throws(InvalidValue) in try Instant.parse(text, today: { now.localDateTime }) } ?? now
    }

    /// Where the database is, parsed here once: everything below takes the
    /// value, never the text.
    func databaseLocation() throws -> DatabaseLocation {
        let resolved: DatabaseLocation?
        do {
            resolved = try DatabaseLocation.resolve(option: arguments.value(CommonOptions.db), variable: environment.value)
        } catch {
            throw UsageError(error.message, command: command)
        }
        guard let location = resolved else { throw CommandError.noDatabaseLocation }
        return location
    }

    /// `TRAQT_BUSY_TIMEOUT` (milliseconds) overrides how long to wait for a lock.
    func busyTimeout() throws(CommandError) -> Int32 {
        guard let text = environment["TRAQT_BUSY_TIMEOUT"], !text.isEmpty else {
            return ActivityStore.defaultBusyTimeoutMilliseconds
        }
        guard let value = Int32(text), value >= 0 else {
            throw .invalidEnvironment(name: "TRAQT_BUSY_TIMEOUT", value: text, expected: "milliseconds, 0 or more")
        }
        return value
    }

    func openForReading() throws -> ActivityStore {
        try ActivityStore.openForReading(databaseLocation(), busyTimeoutMilliseconds: busyTimeout())
    }

    func openForWriting(createIfMissing: Bool) throws -> ActivityStore {
        try ActivityStore.openForWriting(databaseLocation(), createIfMissing: createIfMissing,
                                         busyTimeoutMilliseconds: busyTimeout())
    }

    /// How many columns output may use: `COLUMNS` when it is a positive number,
    /// else the terminal's width when standard output is one, else no limit (nil).
    func terminalWidth() -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        guard outputIsTerminal, ioctl(streams.output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// How views style text for people: colour only when `useColor`.
    var style: TextStyle { TextStyle(color: useColor) }
}
