import Foundation
import TraqtCLI

/// Runs `traqt arguments…` inside the test process through `Tool.runInProcess`:
/// the same command line, environment and input as `TraqtProcess.run`, and the
/// same `Result`, without starting a process (a fraction of a millisecond
/// instead of tens). For tests that need only the output and the exit status;
/// what belongs to a process (descriptors, signals, `--exec`, terminals, other
/// users, the current folder) stays with `TraqtProcess`.
enum InProcessTraqt {
    /// Whether a run must be a process to mean what it means: `--exec` (it ignores SIGPIPE, runs children, and may end the
    /// process on a signal); a path into /dev or /proc (`export /dev/stdout` names
    /// the process's own descriptors); PostgreSQL (libpq reads PGPASSFILE and the
    /// rest from the process environment, not the one given to traqt).
    static func needsProcess(_ arguments: [String], _ environment: [String: String]) -> Bool {
        arguments.contains("--exec")
            || arguments.contains { $0.hasPrefix("/dev/") || $0.hasPrefix("/proc/") }
            || (arguments + [environment["TRAQT_DB"] ?? ""]).contains { $0.hasPrefix("postgres") }
    }

    /// Runs to completion with `stdin` as standard input. `environment` is all
    /// the command sees: nothing of the test process's own (HOME, XDG_*, TRAQT_DB).
    @discardableResult
    static func run(_ arguments: [String], database: String?, stdin: String? = nil,
                    environment extra: [String: String] = [:]) throws -> TraqtProcess.Result {
        let environment = TraqtProcess.environment(database: database, extra: extra)
        guard !needsProcess(arguments, environment) else {
            return try TraqtProcess.run(arguments, database: database, stdin: stdin, environment: extra)
        }
        let run = Tool.runInProcess(arguments: arguments, environment: Environment(environment),
                                    input: Array((stdin ?? "").utf8))
        // As `RunningTraqt.wait` reads its files: output that is not UTF-8 is an error.
        guard let stdout = String(bytes: run.output, encoding: .utf8),
              let stderr = String(bytes: run.errors, encoding: .utf8) else {
            throw CocoaError(.fileReadInapplicableStringEncoding)
        }
        return TraqtProcess.Result(status: run.status, stdout: stdout, stderr: stderr)
    }
}
