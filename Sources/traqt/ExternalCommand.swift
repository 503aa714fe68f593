#if canImport(Glibc)
import Glibc
#endif

/// Runs a program directly, without a shell: the words are its argv exactly as
/// given, so names with `;`, `$()` or quotes reach it as plain text.
enum ExternalCommand {
    /// How a run ended.
    enum Outcome: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        /// It could not be started at all (errno from the spawn, e.g. ENOENT).
        case notStarted(errno: Int32)

        var succeeded: Bool { self == .exited(0) }

        /// The status a shell would report: 127 not found, 126 not runnable, 128+N killed.
        var exitStatus: Int {
            switch self {
            case let .exited(code): return Int(code)
            case let .killed(signal): return 128 + Int(signal)
            case let .notStarted(code): return code == ENOENT ? 127 : 126
            }
        }

        var description: String {
            switch self {
            case let .exited(code): return "exited with status \(code)"
            case let .killed(signal): return "was killed by signal \(signal)"
            case let .notStarted(code): return "could not be started: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Runs `arguments[0]` (searched in PATH) with `arguments`, traqt's own
    /// environment plus `extra` (which wins over a variable of the same name),
    /// and `input` on its standard input; its output goes where traqt's goes.
    /// Waits for it to end.
    static func run(_ arguments: [String], adding extra: [String: String], input: [UInt8]) -> Outcome {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return .notStarted(errno: errno) }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        // traqt is single-threaded, so no other spawn can inherit the pipe in between.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy; both pipe ends close on exec.
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // traqt ignores SIGPIPE while it feeds the pipe; the command must not inherit that.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

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

        var pid = pid_t()
        let spawnResult = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(readEnd)
        guard spawnResult == 0 else {
            close(writeEnd)
            return .notStarted(errno: spawnResult)
        }

        // A command that never reads its input must neither block traqt nor
        // kill it with SIGPIPE: write what it takes, ignore EPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        var written = 0
        while written < input.count {
            let result = input.withUnsafeBytes { write(writeEnd, $0.baseAddress! + written, input.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }
            written += result
        }
        close(writeEnd)
        signal(SIGPIPE, previous)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .notStarted(errno: errno) }
        }
        // The wait-status macros are not imported into Swift; these are glibc's.
        let signalNumber = status & 0x7f
        if signalNumber == 0 { return .exited((status >> 8) & 0xff) }
        return .killed(signal: signalNumber)
    }
}
