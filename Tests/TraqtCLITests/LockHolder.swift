import Foundation

/// A `sqlite3` process holding an exclusive lock on a database until released.
final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(database: String) throws {
        // Writing to a sqlite3 that has died must fail, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        // Wait until the lock is really held.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
            seen.append(chunk)
        }
    }

    func release() {
        input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
