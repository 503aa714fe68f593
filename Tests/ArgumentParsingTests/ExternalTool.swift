import Foundation

/// Runs a program from the system (a shell, mandoc) on `input`, written to a
/// file it gets as its last argument. A missing program throws: the test then
/// fails rather than skips.
func runTool(_ path: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("argument-parsing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("input")
    try Data(input.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments + [file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
