#if canImport(Glibc)
import Glibc
#endif

/// The store as a watcher keeps it: one connection held open between reads (no
/// transaction, so no lock: writers are never blocked), asked whether anything
/// was committed before anything is read, and reopened when the file appears,
/// goes away or is replaced by another.
public final class WatchedStore {
    private let location: DatabaseLocation
    private let busyTimeoutMilliseconds: Int32
    /// Opened by the first look.
    private var store: ActivityStore?
    /// The file the connection is open on; nil when there was none.
    private var identity: FileIdentity?
    private var version: Int?

    /// Opens nothing yet: the first `hasChanged` or `glance` does.
    public init(_ location: DatabaseLocation, busyTimeoutMilliseconds: Int32) {
        self.location = location
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    /// Whether what the file holds may have changed since the last call: another
    /// process committed, or the file appeared, went away or was replaced (true
    /// the first time). Costs a `stat` and a look at the file's change counter
    /// (on PostgreSQL, a read of the notifications already received);
    /// throws what a reader of this file would (not a traqt database, too new …).
    public func hasChanged() throws -> Bool {
        try reopeningWhenBusy { try look() }
    }

    /// What a glance shows at `now`, in one short read transaction.
    public func glance(now: Instant) throws -> Glance {
        try reopeningWhenBusy {
            if store == nil { _ = try look() }
            return try store!.glance(now: now)
        }
    }

    private func look() throws -> Bool {
        // A PostgreSQL database has no file to be replaced.
        var current: FileIdentity?
        if case .sqlite(let path) = location { current = try FileIdentity(of: path) }
        guard let store, current == identity else {
            let reopened = try ActivityStore.openForReading(location, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            let latest = try reopened.dataVersion()
            (store, identity, version) = (reopened, current, latest)
            return true
        }
        let latest = try store.dataVersion()
        defer { version = latest }
        return latest != version
    }

    /// A connection's busy timeout is one budget for its life (a command's):
    /// after a wait that ran out, the next look opens a new connection, so
    /// that each look may wait as long again.
    private func reopeningWhenBusy<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if case StoreError.busy = error { store = nil }
            throw error
        }
    }
}

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// nil when nothing is there; a path that cannot be reached is an error (as for every reader).
    init?(of path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            _ = try FileSystem.exists(path)
            return nil
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
