import Foundation
import Testing

/// Runs SQL on `database` with the sqlite3 shell, as another program would.
func sqliteShell(_ sql: String, on database: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}
