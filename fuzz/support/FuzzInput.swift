// Shared by every target in fuzz/targets/: how an input becomes a parser's
// argument, and how a broken promise becomes a crash the fuzzer records.

/// The input as a parser gets it from a command line or a file: invalid
/// UTF-8 becomes U+FFFD, as it does in `CommandLine.arguments`.
func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// The input's bytes, as a file's contents.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run when a parser breaks a promise that a crash alone would not
/// show (a value out of range, a printed form that does not read back): the
/// fuzzer then keeps the input as a crash.
func expect(_ condition: Bool, _ message: @autoclosure () -> String,
            file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
