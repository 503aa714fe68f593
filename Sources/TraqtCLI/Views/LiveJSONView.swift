import TraqtCore

/// `live list --json`: a JSON array, one live activity's object a line
/// (`LiveActivity.appendJSON`, with its elapsed time at `now`).
struct LiveJSONView: OutputView {
    let activities: [LiveActivity]
    let now: Instant

    func write(to output: OutputBuffer) throws {
        for (index, activity) in activities.enumerated() {
            output.append(index == 0 ? "[\n  " : ",\n  ")
            activity.appendJSON(to: &output.bytes, now: now)
            try output.flushIfFull()
        }
        output.append(activities.isEmpty ? "[]\n" : "\n]\n")
    }
}
