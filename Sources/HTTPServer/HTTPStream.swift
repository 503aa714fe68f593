import Synchronization

/// An answer sent as it is made (Server-Sent Events): the handler returns it
/// at once, and writers on other threads `send` to it until it is closed.
/// While nothing waits to be sent the connection is suspended, costing no
/// thread and no polling; a `send` resumes it.
public final class HTTPStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var closed = false
        var suspended = false
        /// Set by the daemon once the answer is queued.
        var resume: (@Sendable () -> Void)?

        /// Resumes the connection when it sleeps for want of bytes.
        mutating func wake() {
            if suspended, let resume {
                suspended = false
                resume()
            }
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// Queues bytes to send; false once the stream is closed (the client went
    /// away, or the server is stopping), when the writer should let it go.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.pending.append(contentsOf: bytes)
            state.wake()
            return true
        }
    }

    /// Ends the answer once what is queued has been sent.
    public func close() {
        state.withLock { state in
            state.closed = true
            state.wake()
        }
    }

    public var isClosed: Bool { state.withLock { $0.closed } }

    // MARK: - For the daemon

    func attach(resume: @escaping @Sendable () -> Void) {
        state.withLock { $0.resume = resume }
    }

    enum Chunk { case bytes(Int), end, waiting }

    /// Copies up to `capacity` queued bytes to `buffer`; when there are none,
    /// `.end` once closed, else `.waiting` after `suspend` was called, inside
    /// the lock so that no `send` can slip between the look and the suspend.
    func read(into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Chunk {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(buffer.count, state.pending.count)
                state.pending.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
                state.pending.removeFirst(count)
                return .bytes(count)
            }
            if state.closed { return .end }
            state.suspended = true
            suspend()
            return .waiting
        }
    }

    /// The connection ended: nothing more will be read.
    func detach() {
        state.withLock { state in
            state.closed = true
            state.resume = nil
            state.pending = []
        }
    }
}
