import TraqtCore

/// The JSON array that `list --json`, `today --json` and `export` print: one
/// object per line, written as the rows come.
enum ActivityOutput {
    static func writeJSONArray(
        to output: OutputBuffer, rows: ((Activity) throws -> Void) throws -> Void
    ) throws {
        var count = 0
        try rows { activity in
            output.append(count == 0 ? "[\n  " : ",\n  ")
            activity.appendJSON(to: &output.bytes)
            count += 1
            try output.flushIfFull()
        }
        output.append(count == 0 ? "[]\n" : "\n]\n")
    }
}
