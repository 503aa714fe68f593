import Foundation

/// Runs `work`, which waits for seconds (on a child process, a timeout, a
/// watcher's lines), on a thread of its own while the test's task is
/// suspended. Swift Testing runs tests on one thread per core: a test that
/// blocks one for seconds holds half the suite back on two cores. The test's
/// expectations stay outside `work`, in its task, where they are attributed
/// to it.
func offThePool<T>(_ work: @escaping () throws -> T) async throws -> T {
    let box = UncheckedBox(work)
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedBox<T>, Error>) in
        let thread = Thread {
            continuation.resume(with: Result { UncheckedBox(try box.value()) })
        }
        thread.start()
    }.value
}

/// Hands a value between the test's task and the thread that waits for it:
/// one side at a time, so nothing is shared while both run.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
