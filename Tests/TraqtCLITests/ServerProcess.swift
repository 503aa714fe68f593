#if Server
import Foundation

/// A running `traqt serve` on a free port of its own, its log read from a
/// file. Ended with SIGTERM when released.
final class ServerProcess {
    let process = Process()
    let scratch: TemporaryDirectory
    /// `http://127.0.0.1:PORT`, as the server said it listens.
    private(set) var url = ""

    /// `output` is its standard output (none by default).
    init(database: String, arguments: [String] = ["--listen", "127.0.0.1:0"], environment: [String: String] = [:],
         output: FileHandle = .nullDevice) throws {
        scratch = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.file("stderr"), contents: nil)
        process.executableURL = TraqtProcess.executable
        process.arguments = ["serve"] + arguments
        process.environment = TraqtProcess.environment(database: database, extra: environment)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stderr")))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && process.isRunning {
            if let range = log.range(of: #"listening on (https?://\S+)"#, options: .regularExpression) {
                url = String(log[range].dropFirst("listening on ".count))
                return
            }
            usleep(20_000)
        }
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "traqt serve did not start: \(log)"])
    }

    var log: String { (try? String(contentsOfFile: scratch.file("stderr"), encoding: .utf8)) ?? "" }

    /// SIGTERM, then the exit status (nil when it did not end within 15 s).
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// `curl` as a client: the status, the headers (names lowercased) and the body.
enum Curl {
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static func send(_ arguments: [String]) throws -> Answer {
        let scratch = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--show-error", "--max-time", "20", "--dump-header", scratch.file("headers"),
                             "--output", scratch.file("body")] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "curl \(arguments): \(message)"])
        }
        let lines = try String(contentsOfFile: scratch.file("headers"), encoding: .utf8).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = (try? String(contentsOfFile: scratch.file("body"), encoding: .utf8)) ?? ""
        return Answer(status: status, headers: headers, body: body)
    }
}
#endif

#if Server
/// `curl --no-buffer` reading an event stream into a file, for as long as
/// the test runs (or `seconds`).
final class EventStreamClient {
    let process = Process()
    let scratch: TemporaryDirectory

    init(_ url: String, token: String, lastEventID: String? = nil, seconds: Int = 30) throws {
        scratch = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.file("events"), contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--no-buffer", "--max-time", String(seconds),
                             "--header", "Authorization: Bearer \(token)"]
            + (lastEventID.map { ["--header", "Last-Event-ID: \($0)"] } ?? []) + [url + "/v1/events"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("events")))
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var text: String { (try? String(contentsOfFile: scratch.file("events"), encoding: .utf8)) ?? "" }

    /// The events so far: each `id:` with its `data:`.
    var events: [(id: String, data: String)] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("id: ") }), let data = lines.first(where: { $0.hasPrefix("data: ") })
            else { return nil }
            return (String(id.dropFirst(4)), String(data.dropFirst(6)))
        }
    }

    /// Waits until `count` events arrived; false when `seconds` passed first.
    func waitFor(events count: Int, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while events.count < count && Date() < deadline { usleep(20_000) }
        return events.count >= count
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
#endif
