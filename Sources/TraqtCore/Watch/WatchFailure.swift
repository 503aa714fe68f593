#if canImport(Glibc)
import Glibc
#endif

/// A system call a watcher depends on failed (it never should).
public struct WatchFailure: Error, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
}

extension WatchFailure: ReportableError {
    public var userMessage: String { description }
    public var reason: ErrorReason { .internalError }
}
