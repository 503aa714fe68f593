#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// Whole-file input and atomic output for `import` and `export`.
enum Files {
    /// Reads all of `path`, or of standard input for `-`.
    static func readAll(_ path: String) throws(CommandError) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw inputError(path, errno) }
        defer { if path != "-" { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw inputError(path, errno)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func inputError(_ path: String, _ code: Int32) -> CommandError {
        if code == ENOENT || code == ENOTDIR { return .inputMissing(path: path) }
        return .inputUnreadable(path: path, reason: String(cString: strerror(code)),
                                permission: code == EACCES || code == EPERM)
    }

    /// Writes a file so that readers see the old contents or the new, never half:
    /// a temporary file beside it, synced, then renamed over it.
    static func writeAtomically(_ path: String, _ write: (OutputBuffer) throws -> Void) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw outputError(path, errno) }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
        }
        let buffer = OutputBuffer(descriptor: descriptor)
        do {
            try write(buffer)
            try buffer.flush()
        } catch let OutputError.failed(code) {
            throw outputError(path, code)
        }
        guard fsync(descriptor) == 0 else { throw outputError(path, errno) }
        guard rename(temporary, path) == 0 else { throw outputError(path, errno) }
        renamed = true
    }

    private static func outputError(_ path: String, _ code: Int32) -> CommandError {
        .outputFailed(path: path, reason: String(cString: strerror(code)),
                      permission: code == EACCES || code == EPERM || code == EROFS)
    }
}
