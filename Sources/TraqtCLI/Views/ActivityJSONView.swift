import TraqtCore

/// The JSON array that `list --json`, `today --json` and `export` print: one
/// object per line, written as the rows come.
enum ActivityOutput {
    static func writeJSONArray(to output: OutputBuffer, from store: ActivityStore,
                               pending filter: PendingFilter? = nil) throws {
        var encoder = ActivityJSONEncoder()
        var count = 0
        try store.forEachRow(pending: filter) { row in
            output.append(count == 0 ? "[\n  " : ",\n  ")
            encoder.append(row, to: &output.bytes)
            count += 1
            try output.flushIfFull()
        }
        output.append(count == 0 ? "[]\n" : "\n]\n")
    }
}
