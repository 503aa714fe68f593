import TraqtCore

/// A week of `summary` for people, as a planner grid: times down, days
/// across, each cell a status mark and a name, then the marks' legend; as
/// text fitted to `width` columns when there is a limit (see `WeekLayout`),
/// or as a Markdown table. Lines are written as the cursors read them.
struct SummaryWeekView: OutputView {
    /// The week's days, Monday first (fewer at the ends of the supported dates).
    let week: [AgendaCursor]
    let markdown: Bool
    /// Nothing at all when the week has no activities.
    let quiet: Bool
    /// The text is measured first by a pass over the names in the same snapshot.
    let store: ActivityStore
    let width: Int?
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        if markdown { try writeMarkdown(to: output) } else { try writeText(to: output) }
    }

    private func writeText(to output: OutputBuffer) throws {
        // One pass over the names gives every day's widest.
        var widest = [Int?](repeating: nil, count: 7)
        try store.forEachName(onWeekdays: Weekdays.daily.mask) { name, mask in
            let nameWidth = TextColumns.displayWidth(utf8: name)
            for weekday in 0..<7 where mask >> weekday & 1 == 1 { widest[weekday] = max(widest[weekday] ?? 0, nameWidth) }
        }
        let isEmpty = widest.allSatisfy { $0 == nil }
        if quiet && isEmpty { return }
        output.append(style.bold("Week of " + SummaryDayView.title(of: week[0].date)) + "\n")
        guard !isEmpty else {
            output.append("No activities.\n")
            return
        }
        let layout = WeekLayout(dates: week.map(\.date), widest: week.map { widest[$0.date.weekday] }, limit: width)
        var line = GridLine()
        try output.appendRow { bytes in
            line.cell(column: 5, to: &bytes) { $0.append(contentsOf: "TIME".utf8); return 4 }
            for (header, column) in zip(layout.headers, layout.columns) {
                line.cell(column: column, to: &bytes) { $0.append(contentsOf: header.utf8); return header.count }
            }
            line.end(to: &bytes)
        }
        var marks = WeekMarks.Cache()
        var grid = try WeekGrid(week)
        try grid.forEachLine { minutes, isFirst, onLine in
            try output.appendRow { bytes in
                if isFirst {
                    line.cell(column: 5, to: &bytes) { TimeOfDay.appendText(minutes: minutes, to: &$0); return 5 }
                } else {
                    line.skip(column: 5)
                }
                for (index, day) in week.enumerated() {
                    guard onLine >> index & 1 == 1 else {
                        line.skip(column: layout.columns[index])
                        continue
                    }
                    line.cell(column: layout.columns[index], to: &bytes) { bytes in
                        bytes.append(contentsOf: marks.bytes(day.status))
                        bytes.append(UInt8(ascii: " "))
                        return WeekMarks.width + 1 + day.withNameBytes { NameCell.appendCut(utf8: $0, to: layout.nameLimit, to: &bytes) }
                    }
                }
                line.end(to: &bytes)
            }
        }
        // As wide as the grid may be, or as the grid is when it could not fit.
        for line in WeekMarks.legendLines(WeekMarks.legend(showing: marks.shown), width: width.map { max($0, layout.width) }) {
            output.append(line + "\n")
        }
    }

    private func writeMarkdown(to output: OutputBuffer) throws {
        var grid = try WeekGrid(week)
        if quiet && grid.isEmpty { return }
        output.append("## Week of \(SummaryDayView.title(of: week[0].date))\n\n")
        guard !grid.isEmpty else {
            output.append("No activities.\n")
            return
        }
        let headers = week.map { day in
            let header = WeekLayout.header(day.date)
            return header.prefix(1) + header.dropFirst().lowercased()
        }
        output.append("| Time | " + headers.joined(separator: " | ") + " |\n")
        output.append("|" + String(repeating: " --- |", count: headers.count + 1) + "\n")
        var marks = WeekMarks.Cache()
        try grid.forEachLine { minutes, isFirst, onLine in
            try output.appendRow { bytes in
                bytes.append(contentsOf: "| ".utf8)
                if isFirst { TimeOfDay.appendText(minutes: minutes, to: &bytes) }
                for (index, day) in week.enumerated() {
                    bytes.append(contentsOf: " | ".utf8)
                    guard onLine >> index & 1 == 1 else { continue }
                    bytes.append(contentsOf: marks.bytes(day.status))
                    bytes.append(UInt8(ascii: " "))
                    day.withNameBytes { MarkdownText.appendEscaped(utf8: $0, to: &bytes) }
                }
                bytes.append(contentsOf: " |\n".utf8)
            }
        }
        output.append("\n" + WeekMarks.legend(showing: marks.shown).joined(separator: "  ") + "\n")
    }
}
