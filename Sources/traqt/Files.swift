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
        // Read straight into one buffer: sized by the file when it has a size
        // (a pipe does not), doubled when it runs out.
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: max(size + 1, 1 << 16))
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw inputError(path, errno)
            }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
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
