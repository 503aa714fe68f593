import Foundation
import Testing

/// Runs SQL on `database` with the sqlite3 shell, as another program would, and
/// returns what it printed.
@discardableResult
func sqliteShell(_ sql: String, on database: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return text
}
