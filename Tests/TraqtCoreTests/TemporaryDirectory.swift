import Foundation

/// Runs `body` with the path of a new, empty folder that is removed afterwards,
/// whatever `body` does. Each call gets its own folder, so tests running in
/// parallel never share a database file.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let base = FileManager.default.temporaryDirectory.path
    var template = Array((base + "/traqt-unit-XXXXXX").utf8CString)
    let path = try template.withUnsafeMutableBufferPointer { buffer -> String in
        guard let created = mkdtemp(buffer.baseAddress!) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return String(cString: created)
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}
