import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// How a connection waits for another process's lock: short naps with jitter
/// until a deadline. SQLite's own busy timeout sleeps 1, 2, 5 … up to 100 ms
/// between tries, so a writer that queued behind a 2 ms commit often sleeps
/// on long after the lock came free; with eight writers at once the cores sat
/// idle 40 % of the time. Naps of at most a millisecond take the lock within
/// about a millisecond of its release, at the cost of a few more tries (one
/// `fcntl` each).
///
/// The timeout is one budget for a transaction: the waits for BEGIN and for
/// COMMIT (and any other in between) add up, so that a command never waits
/// longer than `TRAQT_BUSY_TIMEOUT` for one write. A long-lived connection
/// (`push --follow`, `watch`) starts a new budget with each transaction.
final class BusyWait {
    let timeoutNanoseconds: UInt64
    /// When the current wait began, and the last time it was seen still waiting.
    private var waitStartedAt: UInt64 = 0
    private var lastSeenAt: UInt64 = 0
    /// Time spent in the waits before the current one.
    private var spentBefore: UInt64 = 0
    private var randomState: UInt64

    /// A new budget: called as a transaction begins.
    func restart() {
        spentBefore = 0
        waitStartedAt = 0
        lastSeenAt = 0
    }

    init(timeoutMilliseconds: Int32) {
        timeoutNanoseconds = UInt64(max(0, timeoutMilliseconds)) * 1_000_000
        randomState = UInt64(truncatingIfNeeded: getpid()) &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// Installs the handler on `connection`; `self` must outlive it.
    func install(on connection: OpaquePointer) {
        sqlite3_busy_handler(connection, { context, attempts in
            let wait = Unmanaged<BusyWait>.fromOpaque(context!).takeUnretainedValue()
            return wait.shouldRetry(attempt: Int(attempts)) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called by SQLite each time the lock is found taken (`attempt` counts from 0
    /// for each wait): naps and says to try again, or gives up at the deadline.
    func shouldRetry(attempt: Int) -> Bool {
        let now = MonotonicClock.nanoseconds()
        if attempt == 0 {
            // A new wait: the one before ended when it was last seen waiting.
            spentBefore += lastSeenAt - waitStartedAt
            waitStartedAt = now
        }
        lastSeenAt = now
        let waited = spentBefore + (now - waitStartedAt)
        guard waited < timeoutNanoseconds else { return false }
        // 50 µs doubling to 1 ms, plus up to half again at random so that
        // waiting processes do not all try in step.
        let base = UInt64(50_000) << UInt64(min(attempt, 4))
        let nap = min(base + nextRandom() % (base / 2 + 1), timeoutNanoseconds - waited)
        var request = timespec(tv_sec: 0, tv_nsec: Int(nap))
        nanosleep(&request, nil)
        return true
    }

    private func nextRandom() -> UInt64 {
        // xorshift64: plenty for jitter, no system call.
        randomState ^= randomState << 13
        randomState ^= randomState >> 7
        randomState ^= randomState << 17
        return randomState
    }
}
