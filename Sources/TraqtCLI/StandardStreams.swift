#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// The three descriptors a command line reads and writes, and whether its
/// output is a terminal: the process's own (0, 1 and 2), or files in memory
/// that an in-process caller fills and reads back (`Tool.runInProcess`).
/// Descriptors, not buffers, so that both ways run the same code: a command
/// that flushes early, or `export` copying to standard output, behaves alike.
struct StandardStreams {
    let input: Int32
    let output: Int32
    let errors: Int32
    /// Nil: ask the output descriptor (isatty), when a command first needs to know.
    let outputIsTerminal: Bool?

    static let process = StandardStreams(input: 0, output: 1, errors: 2, outputIsTerminal: nil)
}

/// What a command line run in-process ended with: its exit status and every
/// byte it wrote to standard output and standard error.
public struct CapturedRun: Sendable {
    public let status: Int32
    public let output: [UInt8]
    public let errors: [UInt8]
}

extension Tool {
    /// Runs one command line in this process as the executable would, with
    /// exactly `environment` (nothing of this process's own, its `TZ` the
    /// run's zone), `input` as standard input and `clock` as the time, and
    /// captures what it writes.
    /// Runs on different threads are independent: each has its own streams,
    /// and commands keep no state between runs. Not for what belongs to a
    /// process: signals, `due --exec` (it changes SIGPIPE and may end the
    /// process), `watch` on a terminal, or the current folder and umask.
    /// (libpq, though, reads PG* variables from the process environment.)
    public static func runInProcess(arguments: [String], environment: Environment, input: [UInt8] = [],
                                    clock: @escaping () -> Instant = Instant.now,
                                    outputIsTerminal: Bool = false) -> CapturedRun {
        let inputFile = MemoryFile("traqt-stdin"), outputFile = MemoryFile("traqt-stdout"),
            errorFile = MemoryFile("traqt-stderr")
        guard let inputFile, let outputFile, let errorFile, inputFile.fill(with: input) else {
            let reason = String(cString: strerror(errno))
            return CapturedRun(status: ExitCode.ioError.rawValue, output: [],
                               errors: Array("Error: cannot create the files in memory for a run: \(reason)\n".utf8))
        }
        let streams = StandardStreams(input: inputFile.descriptor, output: outputFile.descriptor,
                                      errors: errorFile.descriptor, outputIsTerminal: outputIsTerminal)
        let status = LocalZone.withRule(ZoneRule(tz: environment["TZ"])) {
            main(arguments: arguments, environment: environment, clock: clock, streams: streams)
        }
        return CapturedRun(status: status, output: outputFile.contents(), errors: errorFile.contents())
    }
}

/// An unnamed file in memory (memfd), closed when let go.
private final class MemoryFile {
    let descriptor: Int32

    init?(_ name: String) {
        descriptor = traqt_memfd_create(name)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Writes `bytes` and rewinds, for reading from the start.
    func fill(with bytes: [UInt8]) -> Bool {
        let output = OutputBuffer(descriptor: descriptor, capacity: 0)
        output.bytes = bytes
        do { try output.flush() } catch { return false }
        return lseek(descriptor, 0, SEEK_SET) == 0
    }

    /// Everything written to the file, from its first byte.
    func contents() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            offset += off_t(count)
        }
    }
}
