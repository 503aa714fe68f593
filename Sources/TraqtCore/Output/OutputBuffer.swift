#if canImport(Glibc)
import Glibc
#endif

/// Why writing output failed.
public enum OutputError: Error, CustomStringConvertible {
    /// The reader went away (`traqt list | head -1`): not worth a message.
    case brokenPipe
    case failed(errno: Int32)

    public var description: String {
        switch self {
        case .brokenPipe: return "the reader went away"
        case let .failed(code): return String(cString: strerror(code))
        }
    }
}

extension OutputError: ReportableError {
    public var userMessage: String { "cannot write to standard output: \(description)" }

    public var reason: ErrorReason {
        switch self {
        case .brokenPipe: return .readerGone
        case .failed: return .ioError
        }
    }
}

/// One buffer in front of a file descriptor: output streams in constant memory
/// with one `write` per 64 KiB instead of one per line.
public final class OutputBuffer {
    public var bytes: [UInt8] = []
    private let descriptor: Int32
    private let capacity: Int

    public init(descriptor: Int32, capacity: Int = 64 * 1024) {
        self.descriptor = descriptor
        self.capacity = capacity
        bytes.reserveCapacity(min(capacity, 64 * 1024) + 1024)
    }

    /// A buffer that is never written out: a server's answer, whole.
    public static func inMemory() -> OutputBuffer { OutputBuffer(descriptor: -1, capacity: .max) }

    public func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Lets `body` append one row to the buffer in a single access, then writes
    /// the buffer out once it is full. (Each `inout` use of a class's property
    /// costs a runtime exclusivity check; a row written piece by piece paid
    /// several.)
    public func appendRow(_ body: (inout [UInt8]) throws -> Void) throws {
        try body(&bytes)
        if bytes.count >= capacity { try flush() }
    }

    /// Writes the buffer out once it is full; call after each row.
    public func flushIfFull() throws(OutputError) {
        if bytes.count >= capacity { try flush() }
    }

    public func flush() throws(OutputError) {
        var written = 0
        let total = bytes.count
        while written < total {
            let result = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + written, total - written)
            }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                bytes.removeAll(keepingCapacity: true)
                throw code == EPIPE ? .brokenPipe : .failed(errno: code)
            }
            written += result
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
