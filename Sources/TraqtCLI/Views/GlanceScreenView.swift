import TraqtCore

/// The full-screen view of a glance: the date and time; the live activities,
/// most relevant first, with their stopwatch, status and state; then what is
/// still pending today with the next one highlighted.
enum GlanceScreenView {
    /// Every line of the view at `now` (the glance may have been read a few
    /// seconds earlier: its clocks are shown as of `now`), with a last line
    /// saying how to quit when keys are read.
    static func lines(_ glance: Glance, at now: Instant, quitHint: Bool) -> [StyledLine] {
        let wall = now.localDateTime
        // `Monday 2026-11-30  07:31:05`.
        var lines = [StyledLine(SummaryDayView.title(of: LocalDate(wall)) + "  " + wall.description.suffix(8), "1")]
        lines.append(StyledLine())
        lines.append(StyledLine("Live", "1"))
        lines += liveLines(glance.live.filter { $0.status(at: now) != .dismissed }, at: now)
        lines.append(StyledLine())
        lines.append(StyledLine("Pending today", "1"))
        lines += pendingLines(glance.pending.map(\.activity))
        if quitHint { lines += [StyledLine(), StyledLine("q quits", "2")] }
        return lines
    }

    private static func liveLines(_ live: [LiveActivity], at now: Instant) -> [StyledLine] {
        guard !live.isEmpty else { return [StyledLine("  No live activities.", "2")] }
        let rows = live.map { activity in
            (activity, LiveActivity.elapsedText(seconds: activity.elapsedSeconds(at: now)), activity.status(at: now))
        }
        let elapsedWidth = rows.map { $0.1.count }.max()!
        let statusWidth = rows.map { $0.2.rawValue.count }.max()!
        var lines: [StyledLine] = []
        for (activity, elapsed, status) in rows {
            var line = StyledLine("  ")
            switch status {
            case .active:
                line.add(elapsed, "36", paddedTo: elapsedWidth + 2)
                line.add(status.rawValue, "32", paddedTo: statusWidth + 2)
                line.add(TextColumns.printable(activity.name), "1")
            case .stale:
                line.add(elapsed, "33", paddedTo: elapsedWidth + 2)
                line.add(status.rawValue, "1;33", paddedTo: statusWidth + 2)
                line.add(TextColumns.printable(activity.name))
            case .ended, .dismissed:
                line.add(elapsed, "2", paddedTo: elapsedWidth + 2)
                line.add(status.rawValue, "2", paddedTo: statusWidth + 2)
                line.add(TextColumns.printable(activity.name), "2")
            }
            lines.append(line)
            let indent = 2 + elapsedWidth + 2 + statusWidth + 2
            // The last event's alert, until the next event replaces it.
            if let alert = activity.alert.flatMap({ LiveAlert(stored: $0)?.line }) {
                var alertLine = StyledLine(String(repeating: " ", count: indent))
                alertLine.add("! " + TextColumns.printable(alert), "1;33")
                lines.append(alertLine)
            }
            lines += stateLines(activity.state, indent: indent)
        }
        return lines
    }

    /// The state's members, one per line under the name: `key  value`.
    private static func stateLines(_ state: String, indent: Int) -> [StyledLine] {
        guard case let .object(members)? = try? JSONParser.parse(Array(state.utf8)), !members.isEmpty else { return [] }
        let keys = members.map { TextColumns.printable($0.key) }
        let keyWidth = keys.map(TextColumns.displayWidth).max()!
        return zip(keys, members).map { key, member in
            var line = StyledLine(String(repeating: " ", count: indent))
            line.add(key, "2", paddedTo: keyWidth + 2)
            let value: String
            if case let .string(text) = member.value { value = text } else { value = member.value.compactJSON }
            line.add(TextColumns.printable(value))
            return line
        }
    }

    private static func pendingLines(_ pending: [Activity]) -> [StyledLine] {
        guard !pending.isEmpty else { return [StyledLine("  Nothing pending today.", "2")] }
        return pending.enumerated().map { index, activity in
            var line = StyledLine(index == 0 ? "▸ " : "  ", "1")
            line.add(activity.time.description, index == 0 ? "1;36" : "36")
            line.add("  ")
            line.add(TextColumns.printable(activity.name), index == 0 ? "1" : nil)
            return line
        }
    }

    /// The bytes that draw `lines` over the whole screen in place: each line cut
    /// to the width and cleared to its end, the rest of the screen cleared, and
    /// no newline after the last row (which would scroll).
    static func frame(_ lines: [StyledLine], rows: Int, columns: Int, color: Bool, clearFirst: Bool) -> [UInt8] {
        var shown = lines
        if shown.count > rows {
            shown = Array(shown.prefix(max(0, rows - 1))) + [StyledLine("…", "2")]
        }
        var bytes = Array((clearFirst ? "\u{1B}[2J\u{1B}[H" : "\u{1B}[H").utf8)
        for (index, line) in shown.enumerated() {
            bytes += line.rendered(columns: columns, color: color)
            // At the last column a terminal waits to wrap; clearing there would erase that column.
            if line.width < columns { bytes += Array("\u{1B}[K".utf8) }
            if index < shown.count - 1 { bytes += Array("\r\n".utf8) }
        }
        bytes += Array("\u{1B}[J".utf8)
        return bytes
    }
}
