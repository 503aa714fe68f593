#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import Synchronization
import TraqtCore

/// `GET /v1/events`: one watcher for every client. It waits on the store's
/// change source as `watch --json` does and, whenever that would print a line,
/// sends the same object to each stream as a Server-Sent Event. An event's id
/// is a hash of what it shows (not of the clock): the same on every server of
/// one store, so a client that resumes with `Last-Event-ID` is sent the
/// snapshot at once only when something changed since.
final class EventHub: Sendable {
    /// Streams at once; over it a client gets 503.
    let limit: Int
    /// A comment this often keeps proxies from closing a quiet stream, and
    /// finds clients that went away.
    static let heartbeatSeconds: UInt32 = 15

    private struct State {
        var streams: [HTTPStream] = []
        var last: (id: String, event: [UInt8])?
        var closed = false
    }

    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    /// Starts the watcher and the heartbeat.
    func start(location: DatabaseLocation, busyTimeoutMilliseconds: Int32, log: @escaping @Sendable (String) -> Void) {
        BackgroundThread.start { [self] in
            let busyTimeout = min(busyTimeoutMilliseconds, WatchLoop.busyWait)
            while !isClosed {
                do {
                    let store = WatchedStore(location, busyTimeoutMilliseconds: busyTimeout)
                    let changes = try location.changeSource(busyTimeoutMilliseconds: busyTimeout)
                    try WatchLoop(store: store, changes: changes, clock: WatchClock(), view: EventView(hub: self)).run()
                } catch {
                    log("events: \(ErrorMessage.sanitized((error as? any ReportableError)?.userMessage ?? "\(error)")); watching again in 1 s")
                    sleep(1)
                }
            }
        }
        BackgroundThread.start { [self] in
            while !isClosed {
                sleep(Self.heartbeatSeconds)
                broadcast(Array(": keep-alive\n\n".utf8))
            }
        }
    }

    /// A new stream, sent the current snapshot at once unless the client
    /// already has it; nil when the limit is reached or the server stops.
    func subscribe(lastEventID: String?) -> HTTPStream? {
        state.withLock { state in
            guard !state.closed else { return nil }
            state.streams.removeAll { $0.isClosed }
            guard state.streams.count < limit else { return nil }
            let stream = HTTPStream()
            stream.send(Array("retry: 2000\n\n".utf8))
            if let last = state.last, last.id != lastEventID { stream.send(last.event) }
            state.streams.append(stream)
            return stream
        }
    }

    /// What `watch --json` would print now: sent to every stream when it differs.
    fileprivate func publish(_ view: GlanceJSONView) {
        let id = String(fnv1a(bytes: view.key), radix: 16)
        var event = Array("id: \(id)\ndata: ".utf8)
        event += view.line
        event += Array("\n\n".utf8)
        state.withLock { state in
            guard state.last?.id != id else { return }
            state.last = (id, event)
            state.streams.removeAll { !$0.send(event) }
        }
    }

    private func broadcast(_ bytes: [UInt8]) {
        state.withLock { state in state.streams.removeAll { !$0.send(bytes) } }
    }

    /// Ends every stream (each sends what it has, then ends) and takes no more.
    func closeAll() {
        state.withLock { state in
            state.closed = true
            for stream in state.streams { stream.close() }
            state.streams = []
        }
    }

    private var isClosed: Bool { state.withLock { $0.closed } }
}

/// The watch loop's view for the hub: it shows nothing, it publishes.
private final class EventView: WatchView {
    let hub: EventHub
    init(hub: EventHub) { self.hub = hub }
    /// The server's standard output is not where events go: a pipe there whose
    /// reader left, or a socket given its number, must not end the watcher.
    var output: Int32 { -1 }
    func ticks(_ glance: Glance, at now: Instant) -> Bool { false }
    func show(_ glance: Glance, at now: Instant) throws { hub.publish(GlanceJSONView(glance)) }
}
