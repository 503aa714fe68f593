import Foundation

/// Runs a bash script with `$TRAQT` set to the binary under test, for tests
/// that need many processes at once; returns its status and standard output.
@discardableResult
func runShell(_ script: String, database: String?, environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let scratch = try TemporaryDirectory()
    let outPath = scratch.file("out")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "set -u\n" + script]
    process.environment = TraqtProcess.environment(database: database,
                                                   extra: extra.merging(["TRAQT": TraqtProcess.executable.path]) { $1 })
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOfFile: outPath, encoding: .utf8))
}
