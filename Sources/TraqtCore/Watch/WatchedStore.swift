#if canImport(Glibc)
import Glibc
#endif

/// The store as a watcher keeps it: one connection held open between reads (no
/// transaction, so no lock: writers are never blocked), asked whether anything
/// was committed before anything is read, and reopened when the file appears,
/// goes away or is replaced by another.
public final class WatchedStore {
    private let path: String
    private let busyTimeoutMilliseconds: Int32
    private var store: ActivityStore
    /// The file the connection is open on; nil when there was none.
    private var identity: FileIdentity?
    private var version: Int?

    public init(path: String, busyTimeoutMilliseconds: Int32) throws {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        identity = try FileIdentity(of: path)
        store = try ActivityStore.openForReading(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        version = try store.dataVersion()
    }

    /// Whether what the file holds may have changed since the last call: another
    /// process committed, or the file appeared, went away or was replaced.
    /// Costs a `stat` and a look at the file's change counter.
    public func hasChanged() throws -> Bool {
        let current = try FileIdentity(of: path)
        if current != identity {
            identity = current
            store = try ActivityStore.openForReading(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            version = try store.dataVersion()
            return true
        }
        let latest = try store.dataVersion()
        defer { version = latest }
        return latest != version
    }

    /// What a glance shows at `now`, in one short read transaction.
    public func glance(now: Instant) throws -> Glance {
        try store.glance(now: now)
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
