import Foundation

/// A running `traqt watch` whose standard output is read line by line as it
/// comes, each line with the moment it arrived. Ended (SIGTERM) when released.
final class WatchProcess {
    struct Line: Sendable {
        let text: String
        let arrived: Date
        /// The line as a JSON object.
        func object() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }

    /// The lines read so far, shared with the thread that reads them.
    private final class Received: @unchecked Sendable {
        let condition = NSCondition()
        // Guarded by `condition`.
        var lines: [Line] = []
        var closed = false
    }

    private let process = Process()
    private let scratch: TemporaryDirectory
    private let received = Received()

    init(_ arguments: [String], database: String, environment: [String: String] = [:]) throws {
        scratch = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.file("stderr"), contents: nil)
        let output = Pipe()
        process.executableURL = TraqtProcess.executable
        process.arguments = ["watch"] + arguments
        process.environment = TraqtProcess.environment(database: database, extra: environment)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stderr")))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading, received = received
        Thread {
            var partial = Data()
            while true {
                let chunk = reader.availableData
                received.condition.lock()
                partial.append(chunk)
                while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                    received.lines.append(Line(text: String(decoding: partial[..<newline], as: UTF8.self), arrived: Date()))
                    partial.removeSubrange(...newline)
                }
                received.closed = chunk.isEmpty
                received.condition.broadcast()
                received.condition.unlock()
                if chunk.isEmpty { return }
            }
        }.start()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Every line so far.
    var lines: [Line] {
        received.condition.lock()
        defer { received.condition.unlock() }
        return received.lines
    }

    /// Waits until there are `count` lines (or output ends, or `timeout` passes);
    /// returns every line so far.
    @discardableResult
    func waitForLines(_ count: Int, timeout: TimeInterval = 10) -> [Line] {
        waitFor(timeout: timeout) { $0.count >= count }
        return lines
    }

    /// Waits for the first line after the first `skipping` that satisfies `test`.
    func waitForLine(after skipping: Int, timeout: TimeInterval = 10, where test: (Line) -> Bool) -> Line? {
        waitFor(timeout: timeout) { $0.dropFirst(skipping).contains(where: test) }
        return lines.dropFirst(skipping).first(where: test)
    }

    private func waitFor(timeout: TimeInterval, _ done: ([Line]) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        received.condition.lock()
        defer { received.condition.unlock() }
        while !done(received.lines) && !received.closed && received.condition.wait(until: deadline) {}
    }

    /// Waits for the process to end by itself; its status and standard error.
    func waitForExit() throws -> (status: Int32, stderr: String) {
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: scratch.file("stderr"), encoding: .utf8))
    }
}
