#if Server
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import Synchronization
import TraqtCore

/// `traqt serve` while it runs: a daemon per listening socket, all answering
/// through one dispatcher, until SIGTERM or SIGINT; then it stops accepting,
/// lets the requests in flight finish (up to `drainSeconds`), and returns.
struct APIServer {
    struct Settings {
        var listen: [String]
        var tls: (certificate: String, key: String)?
        var limits = HTTPLimits()
        var drainSeconds = 10
    }

    let settings: Settings
    let service: APIService
    let environment: Environment
    let errors: Int32

    func run() throws {
        // Blocked before libmicrohttpd starts its threads, which inherit the
        // mask: the signals then reach only the `sigwait` below.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGTERM)
        sigaddset(&stopping, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &stopping, nil) }
        signal(SIGPIPE, SIG_IGN)

        let events = EventHub(limit: Int(settings.limits.streams))
        var service = self.service
        service.events = events
        let daemons = try start(APIDispatcher(service: service))
        let errors = self.errors
        events.start(location: service.location, busyTimeoutMilliseconds: service.busyTimeoutMilliseconds) { line in
            writeStandardError("traqt serve: \(line)\n", to: errors)
        }
        var received: Int32 = 0
        while sigwait(&stopping, &received) != 0 {}
        log("stopping (\(received == SIGTERM ? "SIGTERM" : "SIGINT")): no new connections; finishing requests in flight")
        for daemon in daemons { daemon.stopAccepting() }
        // Event streams end at once; the other requests in flight are let finish.
        events.closeAll()
        let deadline = MonotonicClock.nanoseconds() + UInt64(settings.drainSeconds) * 1_000_000_000
        while daemons.contains(where: { $0.requestsInFlight > 0 }) && MonotonicClock.nanoseconds() < deadline {
            usleep(10_000)
        }
        for daemon in daemons { daemon.stop() }
        log("stopped")
    }

    private func start(_ dispatcher: APIDispatcher) throws -> [HTTPDaemon] {
        var sockets = ListenSocket.activated { environment[$0] }
        if sockets.isEmpty {
            for address in settings.listen {
                do { sockets.append(try ListenSocket.bind(address)) } catch {
                    for socket in sockets { close(socket.descriptor) }
                    throw ServeError.cannotListen(address: address, reason: error.reason)
                }
            }
        }
        let errors = self.errors
        let tooLarge = ProblemDetails.response(for: APIError.bodyTooLarge(limit: settings.limits.bodyBytes))
        let timedOut = ProblemDetails.response(for: APIError.requestTimeout(seconds: Int(settings.limits.requestSeconds)))
        let busy = ProblemDetails.response(for: APIError.unavailable(
            "too many connections (at most \(settings.limits.connections) besides event streams)"))
        raiseOpenFileLimit(toHold: sockets.count * Int(settings.limits.connections + settings.limits.streams))
        var daemons: [HTTPDaemon] = []
        for socket in sockets {
            do {
                daemons.append(try HTTPDaemon(
                    socket: socket.descriptor, address: socket.address, limits: settings.limits, tls: settings.tls,
                    tooLarge: tooLarge, timedOut: timedOut, busy: busy, handler: { dispatcher.answer($0) },
                    completed: { request in
                        writeStandardError(RequestLogLine.text(method: request.method, path: request.path,
                                                               status: request.status, bytes: request.bytes,
                                                               milliseconds: request.milliseconds), to: errors)
                    }))
            } catch {
                for daemon in daemons { daemon.stop() }
                throw ServeError.cannotStart(address: socket.address)
            }
            log("listening on \(settings.tls == nil ? "http" : "https")://\(socket.address)")
        }
        return daemons
    }

    /// Every connection is a file descriptor: the soft limit (often 1024) is
    /// raised toward the hard one so that the limits above are the ones that
    /// hold, and the log says so when the hard limit is lower.
    private func raiseOpenFileLimit(toHold connections: Int) {
        let needed = rlim_t(connections + 64)  // the listening sockets, the store, the watcher
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return }
        limit.rlim_cur = min(needed, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < needed {
            log("open files are limited to \(limit.rlim_cur) (ulimit -n): fewer than \(connections) connections can be held")
        }
    }

    private func log(_ line: String) { writeStandardError("traqt serve: \(line)\n", to: errors) }
}

extension HTTPServerError {
    /// What went wrong, without the address the caller names.
    var reason: String {
        switch self {
        case let .cannotListen(_, reason): reason
        case .cannotStart: "libmicrohttpd refused to start"
        }
    }
}
#endif
