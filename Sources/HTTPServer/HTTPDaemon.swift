#if Server
#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Synchronization

/// What one daemon accepts before it refuses: libmicrohttpd enforces the
/// connection counts, the idle timeout and the memory a connection's headers
/// may take; the body limit is counted here as the body arrives.
public struct HTTPLimits: Sendable {
    public var bodyBytes = 1 << 20
    /// The request line and headers: libmicrohttpd's connection memory, which
    /// also holds its read buffer, so 431 comes a little before (measured: 15.8
    /// KiB of headers pass, 16 KiB do not).
    public var headerBytes = 16 << 10
    /// Connections not holding a stream: over it a request gets `busy`.
    public var connections: UInt32 = 256
    /// Connections holding a stream (an event stream can stay open for days);
    /// the program refuses a stream over its own count, so this only sizes
    /// libmicrohttpd's limit: `connections + streams` in all.
    public var streams: UInt32 = 1024
    /// Every connection of one client address, streams too.
    public var connectionsPerAddress: UInt32 = 32
    public var idleTimeoutSeconds: UInt32 = 10
    /// From a connection's start (or its last answer) to a whole request: the
    /// idle timeout restarts on every byte, so a sender of one byte a second
    /// (slowloris) would hold a connection for ever without this.
    public var requestSeconds: UInt64 = 10
    public var threads: UInt32 = 2

    public init() {}
}

/// A request once its answer was sent (or the connection lost), for the log.
public struct CompletedRequest: Sendable {
    public let method: String
    public let path: String
    /// 0 when no answer was sent.
    public let status: Int
    public let bytes: Int
    public let milliseconds: Double
    /// False when the connection ended before the answer went out whole.
    public let finished: Bool
}

public enum HTTPServerError: Error, CustomStringConvertible {
    case cannotListen(address: String, reason: String)
    case cannotStart(address: String)

    public var description: String {
        switch self {
        case let .cannotListen(address, reason): "cannot listen on \(address): \(reason)"
        case let .cannotStart(address): "cannot start the HTTP server on \(address) (libmicrohttpd refused its settings, or the TLS certificate and key)"
        }
    }
}

/// One listening socket served by libmicrohttpd's own threads (epoll, a pool
/// of `threads`). Each request is read whole, then `handler` answers it on the
/// thread that read it.
public final class HTTPDaemon: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    let handler: Handler
    let completed: @Sendable (CompletedRequest) -> Void
    let limits: HTTPLimits
    /// Sent when a body is over `limits.bodyBytes`.
    let tooLarge: HTTPResponse
    /// Sent, closing the connection, when more than `limits.connections` hold no stream.
    let busy: HTTPResponse
    private var daemon: OpaquePointer?
    private let inFlight = Atomic<Int>(0)
    fileprivate let counts = ConnectionCounts()
    private let hangups = StreamHangups()
    fileprivate let watchdog: Watchdog

    /// Starts serving `socket` (bound and listening); the daemon owns it from
    /// here. `tls` is PEM text of a certificate chain and its key.
    public init(socket: Int32, address: String, limits: HTTPLimits, tls: (certificate: String, key: String)?,
                tooLarge: HTTPResponse, timedOut: HTTPResponse, busy: HTTPResponse, handler: @escaping Handler,
                completed: @escaping @Sendable (CompletedRequest) -> Void) throws(HTTPServerError) {
        self.handler = handler
        self.completed = completed
        self.limits = limits
        self.tooLarge = tooLarge
        var busy = busy
        busy.headers.append(("Connection", "close"))
        self.busy = busy
        // Over TLS the answer would have to be encrypted: the connection is only cut.
        watchdog = Watchdog(seconds: limits.requestSeconds, answer: tls == nil ? timedOut.wireBytes : [])
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = withOptionalCString(tls?.certificate) { certificate in
            withOptionalCString(tls?.key) { key in
                var settings = traqt_http_settings(
                    listen_socket: socket, threads: limits.threads, connection_limit: limits.connections + limits.streams,
                    per_address_limit: limits.connectionsPerAddress, idle_timeout_seconds: limits.idleTimeoutSeconds,
                    connection_memory: limits.headerBytes, certificate: certificate, key: key)
                return traqt_http_start(&settings, accessCallback, completedCallback, connectionCallback, context)
            }
        }
        guard let started else {
            close(socket)
            throw .cannotStart(address: address)
        }
        daemon = started
        watchdog.start()
    }

    /// Requests read or being answered, not yet completed.
    public var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Stops accepting connections; those open go on being served.
    public func stopAccepting() {
        guard let daemon else { return }
        let socket = MHD_quiesce_daemon(daemon)
        if socket >= 0 { close(socket) }
    }

    /// Closes every connection and ends the daemon's threads.
    public func stop() {
        guard let daemon else { return }
        self.daemon = nil
        watchdog.stop()
        hangups.stop()
        MHD_stop_daemon(daemon)
    }

    deinit { stop() }

    // MARK: - libmicrohttpd's calls

    fileprivate func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                            upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else {
            // The first call: the headers are in, the body (if any) is not.
            let pending = PendingRequest(method: String(cString: method), path: String(cString: url))
            inFlight.add(1, ordering: .relaxed)
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            if counts.withoutStream > Int(limits.connections) {
                // libmicrohttpd counts streams too, so it lets this one in: refused here.
                return respond(busy, pending, connection)
            }
            if let length = value(connection, .HEADER_KIND, "Content-Length"), let count = Int(length),
               count > limits.bodyBytes {
                // Refused before a byte of it is read; libmicrohttpd closes the connection after.
                return respond(tooLarge, pending, connection)
            }
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if !pending.overLimit {
                if pending.body.count + count > limits.bodyBytes {
                    // A chunked body has no length to refuse early: what is over is dropped as it comes.
                    pending.overLimit = true
                    pending.body = []
                } else if let upload {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if pending.status != 0 { return .YES }
        // Whole now: the handler's time (a lock waited for) is not the sender's.
        markAnswering(connection)
        if pending.overLimit { return respond(tooLarge, pending, connection) }
        let request = HTTPRequest(method: pending.method, path: pending.path,
                                  headers: values(connection, .HEADER_KIND),
                                  query: values(connection, .GET_ARGUMENT_KIND).map {
                                      (HTTPRequest.percentDecoded($0.name.utf8), HTTPRequest.percentDecoded($0.value.utf8))
                                  }, body: pending.body)
        pending.body = []
        return respond(handler(request), pending, connection)
    }

    fileprivate func complete(_ state: UnsafeMutableRawPointer, _ connection: OpaquePointer?,
                              _ termination: MHD_RequestTerminationCode) {
        if let connection, let open = traqt_http_socket_context(connection) {
            Unmanaged<OpenConnection>.fromOpaque(open).takeUnretainedValue().answered()
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(state).takeRetainedValue()
        inFlight.subtract(1, ordering: .relaxed)
        let elapsed = Double(MonotonicNanoseconds.now() - pending.started) / 1_000_000
        completed(CompletedRequest(method: pending.method, path: pending.path, status: pending.status,
                                   bytes: pending.stream?.sent ?? pending.bytes, milliseconds: elapsed,
                                   finished: termination == .REQUEST_TERMINATED_COMPLETED_OK))
    }

    private func respond(_ answer: HTTPResponse, _ pending: PendingRequest, _ connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer?
        if let stream = answer.stream {
            let handle = ConnectionHandle(connection: connection)
            stream.attach { MHD_resume_connection(handle.connection) }
            pending.stream = StreamReading(stream: stream, connection: handle, counts: counts, hangups: hangups)
            let context = Unmanaged.passRetained(pending.stream!).toOpaque()
            response = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, context, streamReleased)
            if response == nil { Unmanaged<StreamReading>.fromOpaque(context).release() }
        } else {
            response = answer.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in answer.headers {
            guard MHD_add_response_header(response, header.name, header.value) == .YES else { return .NO }
        }
        pending.status = answer.status
        pending.bytes = answer.body.count
        markAnswering(connection)
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }

    /// Takes the connection off the watchdog's clock until its answer is sent.
    private func markAnswering(_ connection: OpaquePointer) {
        if let open = traqt_http_socket_context(connection) {
            Unmanaged<OpenConnection>.fromOpaque(open).takeUnretainedValue().answering.store(true, ordering: .relaxed)
        }
    }

    private func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        let collected = ValueList()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = withExtendedLifetime(collected) { MHD_get_connection_values(connection, kind, valueCallback, context) }
        return collected.values
    }
}

/// What is known of a request between libmicrohttpd's calls.
private final class PendingRequest {
    let method: String
    let path: String
    let started = MonotonicNanoseconds.now()
    var body: [UInt8] = []
    var overLimit = false
    /// Set once an answer is queued.
    var status = 0
    var bytes = 0
    var stream: StreamReading?

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}

/// A connection, handed to the thread that resumes it (libmicrohttpd allows
/// `MHD_resume_connection` from any thread).
struct ConnectionHandle: @unchecked Sendable {
    let connection: OpaquePointer
}

/// What the content reader of a streamed answer is given.
final class StreamReading {
    let stream: HTTPStream
    let connection: ConnectionHandle
    let counts: ConnectionCounts
    let hangups: StreamHangups
    private let watching: UInt64?
    /// Bytes handed to libmicrohttpd, for the log (only its threads touch it).
    var sent = 0

    init(stream: HTTPStream, connection: ConnectionHandle, counts: ConnectionCounts, hangups: StreamHangups) {
        self.stream = stream
        self.connection = connection
        self.counts = counts
        self.hangups = hangups
        watching = hangups.watch(traqt_http_connection_socket(connection.connection), stream)
        counts.streams.add(1, ordering: .relaxed)
    }

    deinit {
        if let watching { hangups.forget(watching) }
        counts.streams.subtract(1, ordering: .relaxed)
    }
}

/// The daemon's open connections, and how many of them hold a stream.
final class ConnectionCounts: Sendable {
    let open = Atomic<Int>(0)
    let streams = Atomic<Int>(0)

    var withoutStream: Int { open.load(ordering: .relaxed) - streams.load(ordering: .relaxed) }
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    let reading = Unmanaged<StreamReading>.fromOpaque(context!).takeUnretainedValue()
    let target = UnsafeMutableRawBufferPointer(start: buffer, count: capacity)
    switch reading.stream.read(into: target, suspend: { MHD_suspend_connection(reading.connection.connection) }) {
    case let .bytes(count):
        reading.sent += count
        return count
    case .end: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    case .waiting: return 0
    }
}

private let streamReleased: MHD_ContentReaderFreeCallback = { context in
    let reading = Unmanaged<StreamReading>.fromOpaque(context!).takeRetainedValue()
    reading.stream.detach()
}

private final class ValueList {
    var values: [(name: String, value: String)] = []
}

enum MonotonicNanoseconds {
    static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString(body)
}

private let accessCallback: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context!).takeUnretainedValue()
    return daemon.access(connection!, url: url!, method: method!, upload: upload, uploadSize: uploadSize!, state: state!)
}

private let completedCallback: MHD_RequestCompletedCallback = { context, connection, state, termination in
    guard let state, let pending = state.pointee else { return }
    state.pointee = nil
    Unmanaged<HTTPDaemon>.fromOpaque(context!).takeUnretainedValue().complete(pending, connection, termination)
}

private let connectionCallback: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context!).takeUnretainedValue()
    guard let connection, let socketContext else { return }
    if event == .CONNECTION_NOTIFY_STARTED {
        let open = OpenConnection(socket: traqt_http_connection_socket(connection))
        socketContext.pointee = Unmanaged.passRetained(open).toOpaque()
        daemon.counts.open.add(1, ordering: .relaxed)
        daemon.watchdog.add(open)
    } else if let stored = socketContext.pointee {
        socketContext.pointee = nil
        daemon.counts.open.subtract(1, ordering: .relaxed)
        daemon.watchdog.remove(Unmanaged<OpenConnection>.fromOpaque(stored).takeRetainedValue())
    }
}

/// A connection as the watchdog sees it: when its current request may have
/// begun, and whether it is being answered (then it is not timed).
final class OpenConnection: Sendable {
    let socket: Int32
    let since = Atomic<UInt64>(MonotonicNanoseconds.now())
    let answering = Atomic<Bool>(false)
    /// Cut once; libmicrohttpd then closes it.
    let cut = Atomic<Bool>(false)

    init(socket: Int32) { self.socket = socket }

    /// An answer went out whole: the next request's time starts.
    func answered() {
        since.store(MonotonicNanoseconds.now(), ordering: .relaxed)
        answering.store(false, ordering: .relaxed)
    }
}

/// Cuts every connection whose request is not whole `seconds` after it may
/// have begun, with a 408 first where the connection is not encrypted.
final class Watchdog: Sendable {
    let seconds: UInt64
    /// The 408 as it goes on the wire, or nothing.
    let answer: [UInt8]
    private let connections = Mutex<[ObjectIdentifier: OpenConnection]>([:])
    private let running = Atomic<Bool>(true)

    init(seconds: UInt64, answer: [UInt8]) {
        self.seconds = seconds
        self.answer = answer
    }

    func add(_ connection: OpenConnection) { connections.withLock { $0[ObjectIdentifier(connection)] = connection } }

    func remove(_ connection: OpenConnection) { connections.withLock { $0[ObjectIdentifier(connection)] = nil } }

    func start() {
        BackgroundThread.start { [self] in
            while running.load(ordering: .relaxed) {
                usleep(250_000)
                let limit = MonotonicNanoseconds.now() &- seconds * 1_000_000_000
                // Under the lock: libmicrohttpd says a connection closed, and
                // it leaves this list, before its socket is closed and reused.
                connections.withLock { connections in
                    for connection in connections.values where !connection.answering.load(ordering: .relaxed)
                        && connection.since.load(ordering: .relaxed) < limit && !connection.cut.load(ordering: .relaxed) {
                        connection.cut.store(true, ordering: .relaxed)
                        if !answer.isEmpty {
                            _ = answer.withUnsafeBytes { Glibc.send(connection.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                        }
                        shutdown(connection.socket, Int32(SHUT_RDWR))
                    }
                }
            }
        }
    }

    func stop() { running.store(false, ordering: .relaxed) }
}

private let valueCallback: MHD_KeyValueIterator = { context, _, key, value in
    let list = Unmanaged<ValueList>.fromOpaque(context!).takeUnretainedValue()
    if let key { list.values.append((String(cString: key), value.map { String(cString: $0) } ?? "")) }
    return .YES
}
#endif
