import Foundation
import Testing

/// Which tests start the traqt binary, for `scripts/count-process-tests`: with
/// `TRAQT_PROCESS_TEST_LOG=FILE` set, each test that reads
/// `TraqtProcess.executable` is written to FILE once, as its id, when the test
/// process exits. Without the variable nothing is kept.
enum ProcessTestLog {
    private static let path = ProcessInfo.processInfo.environment["TRAQT_PROCESS_TEST_LOG"]
    private static let lock = NSLock()
    nonisolated(unsafe) private static var tests: Set<String> = []
    private static let writeAtExit: Void = { atexit { ProcessTestLog.write() } }()

    static func record() {
        guard path != nil else { return }
        _ = writeAtExit
        // A read outside any test's task (a thread of its own) is still counted.
        let name = Test.current.map { "\($0.id)" } ?? "(outside a test task)"
        lock.withLock { _ = tests.insert(name) }
    }

    private static func write() {
        guard let path else { return }
        let lines = lock.withLock { tests.sorted() }
        FileManager.default.createFile(atPath: path, contents: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
