#if Server
#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Synchronization

/// Finds event-stream clients that went away while their connection sleeps.
/// libmicrohttpd does not look at a suspended connection, so without this a
/// closed browser tab would hold its stream (and count against the limits)
/// until the next heartbeat. One thread waits on every stream's socket for
/// the peer's FIN, and closes the stream that has one: its answer ends and
/// libmicrohttpd, resumed, finds the connection closed.
final class StreamHangups: @unchecked Sendable {
    private let poller: Int32
    private let watched = Mutex<(next: UInt64, streams: [UInt64: (socket: Int32, stream: HTTPStream)])>((1, [:]))
    private let running = Atomic<Bool>(true)

    init() {
        poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard poller >= 0 else { return }
        BackgroundThread.start { [self] in
            var events = [epoll_event](repeating: epoll_event(), count: 64)
            while running.load(ordering: .relaxed) {
                // A second at most, so that a stopped daemon's thread ends.
                let count = epoll_wait(poller, &events, Int32(events.count), 1000)
                for event in events.prefix(max(0, Int(count))) { hungUp(event.data.u64) }
            }
            close(poller)
        }
    }

    /// Starts watching `socket`, whose connection holds `stream`: a token for `forget`.
    func watch(_ socket: Int32, _ stream: HTTPStream) -> UInt64? {
        guard poller >= 0, socket >= 0 else { return nil }
        return watched.withLock { watched in
            let token = watched.next
            watched.next += 1
            // Only the peer's end: a stream client sends nothing after its request.
            var event = epoll_event(events: EPOLLRDHUP.rawValue, data: epoll_data_t(u64: token))
            guard epoll_ctl(poller, EPOLL_CTL_ADD, socket, &event) == 0 else { return nil }
            watched.streams[token] = (socket, stream)
            return token
        }
    }

    /// The stream ended: called before libmicrohttpd closes its socket.
    func forget(_ token: UInt64) {
        watched.withLock { watched in
            guard let entry = watched.streams.removeValue(forKey: token) else { return }
            epoll_ctl(poller, EPOLL_CTL_DEL, entry.socket, nil)
        }
    }

    func stop() { running.store(false, ordering: .relaxed) }

    private func hungUp(_ token: UInt64) {
        let stream: HTTPStream? = watched.withLock { watched -> HTTPStream? in
            guard let entry = watched.streams.removeValue(forKey: token) else { return nil }
            epoll_ctl(poller, EPOLL_CTL_DEL, entry.socket, nil)
            return entry.stream
        }
        stream?.close()
    }
}
#endif
