#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// What a watcher does with what it reads: a terminal screen, JSON lines, a
/// status bar's feed.
protocol WatchView: AnyObject {
    /// Whether the view changes each second with `glance` at `now` (a clock shows).
    func ticks(_ glance: Glance, at now: Instant) -> Bool
    /// Shows `glance` at `now`: after each read, and each second while it ticks.
    func show(_ glance: Glance, at now: Instant) throws
    /// Where keys come from, and where caught signals arrive; -1 for none.
    var keyInput: Int32 { get }
    var signalInput: Int32 { get }
    /// Where it writes, watched for its reader going away (`watch --json |
    /// head -1`); -1 where the view writes elsewhere (the server's streams).
    var output: Int32 { get }
    /// Reads the keys typed; false ends the watch.
    func keysTyped() -> Bool
    /// A caught signal (a resize, a request to end or to stop).
    func received(_ signal: Int32, _ glance: Glance, at now: Instant) throws
}

extension WatchView {
    var keyInput: Int32 { -1 }
    var signalInput: Int32 { -1 }
    var output: Int32 { 1 }
    func keysTyped() -> Bool { true }
    func received(_ signal: Int32, _ glance: Glance, at now: Instant) throws {}
}

/// Follows the store and shows each change as it is committed, without ever
/// holding a transaction open between reads:
/// - the engine's `ChangeSource` wakes it when a writer commits (inotify on a
///   SQLite file's folder, a PostgreSQL notification on its socket); where the
///   source is unsure (a file was written), the store's change counter (SQLite's
///   `data_version`) says whether anything was committed at all, and only then
///   is the view read, in one short read transaction;
/// - it also looks as often as the source asks (once a second; ten times a
///   second without inotify), for what the source does not see (another
///   journal mode, a lost event);
/// - it wakes when time alone changes what is shown (`Glance.nextChange`), and
///   each second while the view shows a clock. Nothing else wakes it.
struct WatchLoop {
    let store: WatchedStore
    let changes: any ChangeSource
    let clock: WatchClock
    let view: any WatchView

    /// How long a read waits for a writer's lock at most (the configured busy
    /// timeout if shorter): the view keeps answering keys and ticking while a long
    /// write runs, and looks again `busyRetry` milliseconds later.
    static let busyWait: Int32 = 250
    private static let busyRetry = 50

    /// Runs until the view ends it (a key, a signal) or a read fails for good.
    /// The first read is shown as soon as it succeeds.
    func run() throws {
        var glance = Glance(now: clock.now, live: [], pending: [])
        var lastShown: Instant?
        var nextCheck = 0
        // An event to look into, and a read to make (kept while a writer holds the lock).
        var changePending = false, readPending = true
        while true {
            let milliseconds = clock.milliseconds()
            let second = Instant(seconds: milliseconds / 1000)
            var deadline = min(nextCheck, glance.nextChange.seconds * 1000)
            if lastShown != nil && view.ticks(glance, at: second) { deadline = min(deadline, (second.seconds + 1) * 1000) }
            var inputs = [changes.descriptor, view.signalInput, view.keyInput].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            inputs.append(pollfd(fd: view.output, events: 0, revents: 0))
            if poll(&inputs, nfds_t(inputs.count), Int32(clamping: max(0, deadline - milliseconds))) < 0 && errno != EINTR {
                throw WatchFailure(call: "poll", errno: errno)
            }
            if inputs[3].revents & Int16(POLLERR | POLLHUP) != 0 { throw OutputError.brokenPipe }
            if inputs[1].revents != 0 {
                for signal in SignalPipe.pending() { try view.received(signal, glance, at: clock.now) }
            }
            if inputs[2].revents != 0, !view.keysTyped() { return }
            if inputs[0].revents != 0 {
                switch try changes.drain() {
                case .nothing: break
                case .possible: changePending = true
                // Read at once; the change counter is still asked, to keep its count.
                case .committed: (changePending, readPending) = (true, true)
                }
            }
            if clock.milliseconds() >= nextCheck {
                changes.look()
                changePending = true
                nextCheck = clock.milliseconds() + changes.lookInterval
            }

            let now = clock.now
            var busy = false
            if changePending {
                if let changed = try Self.unlessBusy({ try store.hasChanged() }) {
                    changePending = false
                    readPending = readPending || changed
                } else {
                    busy = true
                }
            }
            if now >= glance.nextChange || Self.clockWentBack(from: glance.now, to: now) { readPending = true }
            if readPending && !busy {
                if let fresh = try Self.unlessBusy({ try store.glance(now: now) }) {
                    readPending = false
                    glance = fresh
                    lastShown = now
                    try view.show(glance, at: now)
                    continue
                }
                busy = true
            }
            // A writer held the lock past the (short) wait: look again soon.
            if busy { nextCheck = min(nextCheck, clock.milliseconds() + Self.busyRetry) }
            if let last = lastShown, now != last, view.ticks(glance, at: now) {
                lastShown = now
                try view.show(glance, at: now)
            }
        }
    }

    /// The clock set back, or a fall-back hour repeating wall-clock minutes:
    /// what is pending may have come back.
    private static func clockWentBack(from read: Instant, to now: Instant) -> Bool {
        let before = read.localDateTime, after = now.localDateTime
        return now < read || (LocalDate(after) == LocalDate(before) && after.minuteOfDay < before.minuteOfDay)
    }

    /// nil when another process held the lock past the busy timeout: a watcher
    /// tries again at its next look instead of ending.
    private static func unlessBusy<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch StoreError.busy {
            return nil
        }
    }
}
