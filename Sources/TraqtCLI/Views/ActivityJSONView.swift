import TraqtCore

/// The JSON array that `list --json`, `today --json` and `export` print: one
/// object per line (`ActivityJSONEncoder`'s, which `import` reads back),
/// written as the rows come.
struct ActivityJSONView: OutputView {
    let store: ActivityStore
    /// Only the activities pending then (`today`); nil for all.
    var pending: PendingFilter?

    func write(to output: OutputBuffer) throws {
        var encoder = ActivityJSONEncoder()
        var count = 0
        try store.forEachRow(pending: pending) { row in
            output.append(count == 0 ? "[\n  " : ",\n  ")
            encoder.append(row, to: &output.bytes)
            count += 1
            try output.flushIfFull()
        }
        output.append(count == 0 ? "[]\n" : "\n]\n")
    }
}
