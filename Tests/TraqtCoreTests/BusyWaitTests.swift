import Foundation
import Testing
@testable import TraqtCore

@Suite("BusyWait: naps until the deadline")
struct BusyWaitTests {
    @Test("a zero timeout gives up at once")
    func zeroTimeout() {
        #expect(!BusyWait(timeoutMilliseconds: 0).shouldRetry(attempt: 0))
    }

    @Test("it retries in short naps and gives up once the timeout has passed, not before")
    func givesUpAtDeadline() {
        let wait = BusyWait(timeoutMilliseconds: 30)
        let start = Date()
        var attempts = 0
        while wait.shouldRetry(attempt: attempts) { attempts += 1 }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.030)
        // Naps are at most 1.5 ms, so a 30 ms wait takes many tries (fewer only if
        // a loaded machine oversleeps them).
        #expect(attempts >= 3)
    }

    @Test("the waits of one connection share one budget: a second wait has only what is left")
    func oneBudget() {
        let wait = BusyWait(timeoutMilliseconds: 40)
        let start = Date()
        // A first wait of about 25 ms (BEGIN), then the lock comes free.
        var attempts = 0
        while Date().timeIntervalSince(start) < 0.025 {
            #expect(wait.shouldRetry(attempt: attempts))
            attempts += 1
        }
        // A second wait (COMMIT) gives up once the 40 ms are spent in all.
        attempts = 0
        while wait.shouldRetry(attempt: attempts) { attempts += 1 }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.040)
        #expect(!wait.shouldRetry(attempt: 0))
    }

    @Test("a new transaction starts a new budget")
    func budgetPerTransaction() {
        let wait = BusyWait(timeoutMilliseconds: 5)
        var attempts = 0
        while wait.shouldRetry(attempt: attempts) { attempts += 1 }
        #expect(!wait.shouldRetry(attempt: 0))
        wait.restart()
        #expect(wait.shouldRetry(attempt: 0))
    }
}
