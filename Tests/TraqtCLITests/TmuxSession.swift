import Foundation

/// A real terminal for tests: a detached tmux session (Debian's `tmux`, which
/// .ci/run installs) on a private server, running an interactive bash whose
/// screen is read with `capture-pane`. The server is killed when done.
final class TmuxSession {
    let directory: TemporaryDirectory
    private var socket: String { directory.file("tmux.socket") }

    init(columns: Int, rows: Int, environment: [String: String]) throws {
        directory = try TemporaryDirectory()
        var arguments = ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path]
        for (name, value) in TraqtProcess.environment(database: nil, extra: environment) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        try tmux(arguments + ["/bin/bash --norc --noprofile"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs a tmux command on this session's server; its standard output.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        // The server the first command starts keeps every descriptor its client
        // had: the client gets none but the standard three, or a pipe of this
        // process (Process's own, another test's) would never reach its end.
        // And it gets no blocked signals (the test runner's threads block them):
        // a server whose shell cannot get SIGHUP never ends.
        let outPath = directory.file("tmux.out")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; exec env --default-signal "$@""#,
                             "tmux", "/usr/bin/tmux", "-S", socket] + arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try String(contentsOfFile: outPath, encoding: .utf8)
    }

    /// Types `line` and Enter.
    func type(_ line: String) throws {
        try tmux(["send-keys", "-l", line])
        try tmux(["send-keys", "Enter"])
    }

    /// What the pane shows, a line per row (a line the terminal wrapped as one),
    /// without trailing spaces.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-J"]).split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    func show(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).trimmingCharacters(in: .newlines)
    }

    /// Polls until the pane's `format` reads `value`; false after `timeout`.
    func waitFor(_ format: String, toRead value: String, timeout: TimeInterval = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try show(format) == value { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return false
    }

    /// Polls until `condition` holds for the screen (nil after `timeout`).
    func waitForScreen(timeout: TimeInterval = 10, _ condition: ([String]) -> Bool) throws -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let lines = try screen()
            if condition(lines) { return lines }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return nil
    }
}
