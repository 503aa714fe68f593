#if canImport(Glibc)
import Glibc
#endif

/// What a reader waits on for other processes' commits, each engine its own:
/// a SQLite file's folder through inotify (`FolderWatch`), a PostgreSQL
/// database's notifications on a listening connection's socket
/// (`PostgresChangeSource`). A watcher polls `descriptor` beside its other
/// inputs (the terminal, a signal pipe); a reader with nothing else to wait
/// for calls `wait`. Neither polls the database: it sleeps until told.
public protocol ChangeSource: AnyObject {
    /// Readable when something arrived; -1 when there is nothing to wait on
    /// (no inotify), and only the reader's own looks find changes.
    var descriptor: Int32 { get }
    /// Reads what arrived, without waiting.
    func drain() throws -> ChangeHint
    /// How long a reader may go without looking at the store on its own, in
    /// milliseconds: the source misses a change now and then (another journal
    /// mode, a lost event), and a source without a descriptor sees none.
    var lookInterval: Int { get }
    /// Called at each of those looks: a source that lost what it watched
    /// takes it up again.
    func look()
}

/// What a change source says about the store.
public enum ChangeHint: Equatable, Sendable {
    /// Nothing that concerns it.
    case nothing
    /// Something moved that may be a commit (a file of the database was
    /// written): the store's change counter says whether it was.
    case possible
    /// A write committed.
    case committed
}

extension ChangeSource {
    /// Waits up to `timeoutMilliseconds` for something to arrive and reads it;
    /// `.nothing` when the time ran out or a signal interrupted the wait.
    /// Without a descriptor, sleeps that long and says a change is possible.
    public func wait(timeoutMilliseconds: Int32) throws -> ChangeHint {
        var input = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&input, 1, timeoutMilliseconds)
        if ready < 0 {
            if errno == EINTR { return .nothing }
            throw WatchFailure(call: "poll", errno: errno)
        }
        if descriptor < 0 { return .possible }
        return ready > 0 ? try drain() : .nothing
    }
}
