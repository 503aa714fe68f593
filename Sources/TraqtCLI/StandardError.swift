#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` to standard error (or the descriptor standing for it in an
/// in-process run) unbuffered, all of it.
func writeStandardError(_ text: String, to descriptor: Int32 = 2) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { return }
        written += result
    }
}
