import Foundation

/// Runs the real `traqt` binary that `swift test` built, as a separate process.
struct TraqtProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The binary beside the test bundle, for every test that starts it. Each
    /// read is counted for `scripts/count-process-tests` (see `ProcessTestLog`).
    static var executable: URL {
        ProcessTestLog.record()
        return builtExecutable
    }

    /// The binary beside the test bundle (both live in `.build/<triple>/debug`).
    private static let builtExecutable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // The test runner may be inside `<name>.xctest/`; walk up until traqt is there.
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("traqt")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("no traqt binary found above \(testBinary.path)")
    }()

    /// A clean environment: no colour, no inherited database location, a fixed TZ
    /// unless `environment` says otherwise.
    static func environment(database: String?, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LC_ALL": "C.UTF-8"]
        if let database { environment["TRAQT_DB"] = database }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs any program (`words[0]`, an absolute path) to completion, its
    /// output read through pipes: for `sh -c`, `setpriv`, `timeout` around traqt.
    static func runProgram(_ words: [String], environment: [String: String],
                           currentDirectory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: words[0])
        process.arguments = Array(words.dropFirst())
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Runs `traqt arguments…` to completion with `stdin` as its input.
    @discardableResult
    static func run(_ arguments: [String], database: String?, stdin: String? = nil,
                    environment extra: [String: String] = [:]) throws -> Result {
        let running = try RunningTraqt(arguments, database: database, stdin: stdin, environment: extra)
        try running.start()
        return try running.wait()
    }
}

/// A started `traqt` process whose result is read later: lets a test start
/// many at the same moment.
final class RunningTraqt {
    private let process = Process()
    private let scratch: TemporaryDirectory
    private let outPath: String, errPath: String

    init(_ arguments: [String], database: String?, stdin: String? = nil,
         environment extra: [String: String] = [:]) throws {
        scratch = try TemporaryDirectory()
        outPath = scratch.file("stdout")
        errPath = scratch.file("stderr")
        process.executableURL = TraqtProcess.executable
        process.arguments = arguments
        process.environment = TraqtProcess.environment(database: database, extra: extra)
        // Files, not pipes: a large output can never block the child, and a
        // command that exits without reading its input leaves no test writing
        // into a closed pipe.
        let inPath = scratch.file("stdin")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: Data((stdin ?? "").utf8))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    }

    func start() throws { try process.run() }

    /// SIGKILL: the process gets no chance to clean up.
    func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }

    func wait() throws -> TraqtProcess.Result {
        process.waitUntilExit()
        return TraqtProcess.Result(status: process.terminationStatus,
                                   stdout: try String(contentsOfFile: outPath, encoding: .utf8),
                                   stderr: try String(contentsOfFile: errPath, encoding: .utf8))
    }
}

/// A fresh folder for one test, removed when the test is done with it.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("traqt-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
