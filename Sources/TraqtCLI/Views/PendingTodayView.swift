import TraqtCore

/// What `today` prints: `HH:MM  name` for each activity still pending, as
/// the rows come, else `No pending activities.` (nothing with `quiet`).
struct PendingTodayView: OutputView {
    let store: ActivityStore
    let pending: PendingFilter
    let quiet: Bool
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        var count = 0
        try store.forEachRow(pending: pending) { row in
            style.appendTime(minutes: row.minutes, to: output)
            output.append("  ")
            row.withNameBytes { TextColumns.appendPrintable(utf8: $0, to: &output.bytes) }
            output.bytes.append(UInt8(ascii: "\n"))
            count += 1
            try output.flushIfFull()
        }
        if count == 0 && !quiet { output.append("No pending activities.\n") }
    }
}
