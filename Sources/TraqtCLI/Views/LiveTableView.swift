import TraqtCore

/// The text table `live list` prints: ELAPSED, STATUS, TYPE, ID, NAME, lined
/// up by display width, or `No live activities.`.
struct LiveTableView: OutputView {
    static let headers = ["ELAPSED", "STATUS", "TYPE", "ID", "NAME"]

    let activities: [LiveActivity]
    let now: Instant
    let style: TextStyle

    func write(to output: OutputBuffer) {
        guard !activities.isEmpty else {
            output.append("No live activities.\n")
            return
        }
        let rows = activities.map { activity in
            [LiveActivity.elapsedText(seconds: activity.elapsedSeconds(at: now)), activity.status(at: now).rawValue,
             TextColumns.printable(activity.type), TextColumns.printable(activity.id), TextColumns.printable(activity.name)]
        }
        var widths = Self.headers.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TextColumns.displayWidth(cell)) }
        }
        output.append(TextColumns.line(Self.headers.map { ($0, style.bold($0)) }, widths: widths))
        for row in rows { output.append(TextColumns.line(row.map { ($0, $0) }, widths: widths)) }
    }
}
