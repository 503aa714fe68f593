import TraqtCore

/// How `summary` lays out agendas for people: a day as a list, a week as a
/// planner grid (times down, days across), in plain text or Markdown.
enum SummaryFormatting {
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// Monday first, as in a planner.
    static let weekOrder = [1, 2, 3, 4, 5, 6, 0]
    /// Grid cells longer than this many columns are cut with `…`, so that a
    /// week fits a terminal.
    static let cellWidth = 16

    static func title(of date: LocalDate) -> String { "\(weekdayNames[date.weekday]) \(date)" }

    // MARK: - Day

    static func dayText(_ day: DayAgenda) -> [String] {
        TextColumns.render(day.entries.map { entry in
            [entry.occurrence.activity.time.description, TextColumns.printable(entry.occurrence.activity.name),
             statusText(entry.status)]
        })
    }

    static func dayMarkdown(_ day: DayAgenda) -> String {
        var text = "## \(title(of: day.date))\n\n"
        guard !day.entries.isEmpty else { return text + "No activities.\n" }
        text += "| Time | Activity | Status |\n| --- | --- | --- |\n"
        for entry in day.entries {
            text += "| \(entry.occurrence.activity.time) | \(markdownEscaped(entry.occurrence.activity.name)) | \(statusText(entry.status)) |\n"
        }
        return text
    }

    /// `fired at 07:31 (1m 5s late)`, `failed at 07:30 (exit 3)`, `missed`, …
    static func statusText(_ status: OccurrenceStatus) -> String {
        switch status {
        case let .fired(at, late):
            return "fired at \(clock(at))" + (late > 0 ? " (\(duration(late)) late)" : "")
        case let .failed(at, _, exitStatus):
            return "failed at \(clock(at)) (exit \(exitStatus))"
        default:
            return status.name
        }
    }

    private static func clock(_ instant: Instant) -> String {
        let wall = instant.localDateTime
        return TimeOfDay(hour: wall.hour, minute: wall.minute)!.description
    }

    /// `45s`, `2m 30s`, `1h 5m`.
    static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 && hours == 0 { parts.append("\(rest)s") }
        return parts.isEmpty ? "0s" : parts.joined(separator: " ")
    }

    // MARK: - Week

    static let legend = "✓ fired  ✗ failed  ! missed  • pending  · upcoming  - past"

    static func mark(_ status: OccurrenceStatus) -> String {
        switch status {
        case .fired: return "✓"
        case .failed: return "✗"
        case .missed: return "!"
        case .pending: return "•"
        case .upcoming: return "·"
        case .past: return "-"
        }
    }

    /// The grid's rows: a time, then one cell per day Monday to Sunday. A time
    /// with several activities on one day takes several rows; only the first
    /// shows the time.
    static func weekRows(_ week: [DayAgenda], cell: (AgendaEntry) -> String) -> [[String]] {
        let times = Set(week.flatMap { $0.entries.map(\.occurrence.activity.time) }).sorted()
        var rows: [[String]] = []
        for time in times {
            let columns = week.map { day in day.entries.filter { $0.occurrence.activity.time == time }.map(cell) }
            let height = columns.map(\.count).max() ?? 0
            for line in 0..<height {
                rows.append([line == 0 ? time.description : ""] + columns.map { line < $0.count ? $0[line] : "" })
            }
        }
        return rows
    }

    static func weekHeader(_ week: [DayAgenda]) -> [String] {
        ["TIME"] + week.map { day in
            Weekdays.shortNames[day.date.weekday].uppercased() + " " + day.date.description.suffix(5)  // MM-DD
        }
    }

    static func weekText(_ week: [DayAgenda]) -> [String] {
        let rows = weekRows(week) { entry in
            mark(entry.status) + " " + truncated(TextColumns.printable(entry.occurrence.activity.name), to: cellWidth - 2)
        }
        return TextColumns.render([weekHeader(week)] + rows).map(trimmingTrailingSpaces)
    }

    static func weekMarkdown(_ week: [DayAgenda]) -> String {
        var text = "## Week of \(title(of: week[0].date))\n\n"
        let rows = weekRows(week) { entry in mark(entry.status) + " " + markdownEscaped(entry.occurrence.activity.name) }
        guard !rows.isEmpty else { return text + "No activities.\n" }
        let header = ["Time"] + weekHeader(week).dropFirst().map { $0.prefix(1) + $0.dropFirst().lowercased() }
        text += "| " + header.joined(separator: " | ") + " |\n"
        text += "|" + String(repeating: " --- |", count: header.count) + "\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        return text + "\n" + legend + "\n"
    }

    // MARK: - Text helpers

    /// Cuts `text` to at most `width` terminal columns, ending in `…` when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard TextColumns.displayWidth(text) > width else { return text }
        var result = ""
        for character in text {
            if TextColumns.displayWidth(result + String(character)) > width - 1 { break }
            result.append(character)
        }
        return result + "…"
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// A name as literal Markdown text inside a table cell: no formatting, no
    /// HTML, no cell breaks, no line breaks.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        for character in TextColumns.printable(text) {
            if "\\`*_[]<>|#~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// `7` -> `07`.
