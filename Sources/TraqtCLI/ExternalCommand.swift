#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// Runs a program directly, without a shell: the words are its argv exactly as
/// given, so names with `;`, `$()` or quotes reach it as plain text.
enum ExternalCommand {
    /// How a run ended.
    enum Outcome: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        /// It could not be started at all (errno from the spawn, e.g. ENOENT).
        case notStarted(errno: Int32)

        /// Why it could not be started, when it could not.
        var notStartedReason: String? {
            guard case let .notStarted(code) = self else { return nil }
            return String(cString: strerror(code))
        }
        /// It ran longer than its time limit and was ended.
        case timedOut(after: TimeSpan)

        var succeeded: Bool { self == .exited(0) }

        /// How a status from waitpid(2) says it ended. The wait-status macros
        /// are not imported into Swift; these are glibc's.
        init(waitStatus status: Int32) {
            let signalNumber = status & 0x7f
            self = signalNumber == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signalNumber)
        }

        /// What is recorded of it: the status a shell would report (128 + N
        /// killed by signal N, 124 out of time, as timeout(1) reports it); a
        /// command traqt could not start is left for the next run, which may
        /// well start it.
        var result: ActivityStore.CommandOutcome.Result {
            switch self {
            case .exited(0): return .succeeded
            case let .exited(code): return .failed(exitStatus: Int(code))
            case let .killed(signal): return .failed(exitStatus: 128 + Int(signal))
            case .timedOut: return .failed(exitStatus: 124)
            case .notStarted: return .notStarted
            }
        }

        var description: String {
            switch self {
            case let .exited(code): return "exited with status \(code)"
            case let .killed(signal): return "was killed by signal \(signal)"
            case let .notStarted(code): return "could not be started: \(String(cString: strerror(code)))"
            case let .timedOut(limit): return "timed out after \(limit) and was ended"
            }
        }
    }

    /// Why a command cannot be run, found before anything is claimed.
    struct NotRunnable: Error {
        let message: String
    }

    /// Checks that `name` names a program this process could start, as
    /// `posix_spawnp` would find it: a path with a `/` as it is, else each
    /// folder of `PATH` (glibc's default `/bin:/usr/bin` when unset). A name
    /// starting with `-` is an option given where the command belongs
    /// (`due --exec --json`), not a program.
    static func checkRunnable(_ name: String) throws(NotRunnable) {
        guard !name.isEmpty else { throw NotRunnable(message: "the command is empty") }
        guard !name.hasPrefix("-") else {
            throw NotRunnable(message: "'\(name)' is an option, not a command; options of due go before --exec")
        }
        if name.contains("/") {
            if let problem = problem(runningFile: name) { throw NotRunnable(message: "'\(name)' \(problem)") }
            return
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/bin:/usr/bin"
        var lastProblem = "was not found in PATH"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            // An empty PATH entry means the current folder, as for the shell.
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            guard let problem = problem(runningFile: candidate) else { return }
            if problem != "does not exist" { lastProblem = "was found as '\(candidate)', which \(problem)" }
        }
        throw NotRunnable(message: "'\(name)' \(lastProblem)")
    }

    /// Why the file at `path` cannot be run, or nil when it can.
    private static func problem(runningFile path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? "does not exist" : "cannot be read: \(String(cString: strerror(errno)))"
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "is not a regular file" }
        guard access(path, X_OK) == 0 else { return "is not executable" }
        return nil
    }

    /// Runs `arguments[0]` (searched in PATH) with `arguments`, traqt's own
    /// environment plus `extra` (which wins over a variable of the same name),
    /// and `input` on its standard input; its output goes where traqt's goes.
    /// Waits for it to end under `supervisor`, at most `timeout` (0: no limit),
    /// which then ends whatever it left running.
    static func run(_ arguments: [String], adding extra: [String: String], input: [UInt8],
                    timeout: TimeSpan, under supervisor: CommandSupervisor) -> Outcome {
        // The input lives in an unnamed temporary file rather than a pipe: the
        // command reads it when it likes, or never, and traqt can neither block
        // on a full pipe nor get SIGPIPE from a command that ignores its input.
        let inputFile = unnamedTemporaryFile()
        guard inputFile >= 0 else { return .notStarted(errno: errno) }
        defer { close(inputFile) }
        var written = 0
        while written < input.count {
            let result = input.withUnsafeBytes { write(inputFile, $0.baseAddress! + written, input.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return .notStarted(errno: errno) }
            written += result
        }
        lseek(inputFile, 0, SEEK_SET)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy the command gets as its input.
        posix_spawn_file_actions_adddup2(&actions, inputFile, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        let added = extra.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        var envp = added
        var inherited = environ
        while let entry = inherited.pointee {
            let name = entry.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                String(decoding: UnsafeBufferPointer(start: start, count: strcspn(entry, "=")), as: UTF8.self)
            }
            if extra[name] == nil { envp.append(entry) }
            inherited += 1
        }
        envp.append(nil)
        defer {
            for pointer in argv { free(pointer) }
            for pointer in added { free(pointer) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that a signal reaches everything it
        // started; and SIGPIPE as the default, which `due` ignores so that a
        // closed output cannot end it before the commands have run.
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        var pid = pid_t()
        let spawnResult = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawnResult == 0 else { return .notStarted(errno: spawnResult) }
        return supervisor.wait(for: pid, timeout: timeout)
    }

    /// A file in memory with no name (`memfd_create`), closed on exec; -1 with
    /// errno set on failure. It needs no folder: a `TMPDIR` that does not exist
    /// or a full /tmp cannot make a reminder's command fail.
    private static func unnamedTemporaryFile() -> Int32 {
        traqt_memfd_create("traqt-input")
    }
}
