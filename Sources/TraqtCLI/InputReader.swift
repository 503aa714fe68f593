#if canImport(Glibc)
import Glibc
#endif

/// A file, or standard input for `-`, read in chunks: whole up to a limit, or
/// line by line as lines arrive (a pipe from `ssh` or `nc` that stays open).
final class InputReader {
    /// A line, or the news that one was longer than the limit (and was skipped).
    enum Line {
        case text(ArraySlice<UInt8>)
        case tooLong
    }

    let path: String
    private let descriptor: Int32
    /// Standard input is the caller's to close, not the reader's.
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var atEnd = false
    /// What one read(2) fills. Not zeroed first: read(2) writes what it
    /// returns, and zeroing 64 KiB is 16 page faults, a tenth of a push's.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    /// Reads `path`, or `standardInput` (descriptor 0 in a process) for `-`.
    init(path: String, standardInput: Int32) throws(CommandError) {
        self.path = path
        ownsDescriptor = path != "-"
        descriptor = ownsDescriptor ? open(path, O_RDONLY | O_CLOEXEC) : standardInput
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .inputMissing(path: path) }
            throw .inputUnreadable(path: path, reason: String(cString: strerror(code)),
                                   permission: code == EACCES || code == EPERM)
        }
    }

    deinit {
        chunk.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// Everything, or nil when there is more than `limit` bytes (reading stops
    /// there: a huge input never fills memory). The bytes are handed over, not
    /// copied: the reader keeps none of them.
    func readAll(limit: Int) throws(CommandError) -> [UInt8]? {
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            if Int(info.st_size) > limit { return nil }
            // A file's size is known: one buffer of it, not a doubling series of copies.
            buffer.reserveCapacity(buffer.count + Int(info.st_size) + chunk.count)
        }
        while !atEnd {
            if buffer.count - start > limit { return nil }
            try fill()
        }
        guard buffer.count - start <= limit else { return nil }
        buffer.removeSubrange(..<start)
        defer { buffer = []; start = 0 }
        return buffer
    }

    /// The next line without its newline, as soon as it has arrived; nil at the
    /// end. A last line without a newline counts.
    func nextLine(limit: Int) throws(CommandError) -> Line? {
        // Bytes after `start` already searched for a newline (`fill` may move `start`).
        var searched = 0
        var skipping = false
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                return skipping || line.count > limit ? .tooLong : .text(line)
            }
            if atEnd {
                guard start < buffer.count else { return skipping ? .tooLong : nil }
                let line = buffer[start...]
                start = buffer.count
                return skipping || line.count > limit ? .tooLong : .text(line)
            }
            // A line over the limit is dropped as it comes, not kept whole.
            if buffer.count - start > limit {
                skipping = true
                start = buffer.count
            }
            searched = buffer.count - start
            try fill()
        }
    }

    /// Reads what is there (waiting for some), dropping what was consumed.
    private func fill() throws(CommandError) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        var count: Int
        repeat {
            count = read(descriptor, chunk.baseAddress!, chunk.count)
        } while count < 0 && errno == EINTR
        guard count >= 0 else {
            throw .inputUnreadable(path: path, reason: String(cString: strerror(errno)), permission: false)
        }
        // Whole chunks are copied at once (a memcpy), and the buffer grows by doubling.
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        if count == 0 { atEnd = true }
    }
}
