#if canImport(Glibc)
import Glibc
#endif

/// A detached thread running `body`: a daemon's watchdog, the server's
/// watcher and heartbeat, which live as long as what they serve.
public enum BackgroundThread {
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            fatalError("cannot start a thread: \(String(cString: strerror(started)))")
        }
        pthread_detach(thread)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
