import TraqtCore

/// A day of `summary` for people: its title, then `HH:MM  name  status`
/// lines, the names padded to the widest of the day; or a Markdown table.
/// Rows are written as the cursor reads them; the text is measured first by
/// a cheap pass over the names (`ActivityStore.widestName`) in the same snapshot.
struct SummaryDayView: OutputView {
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `Sunday 2026-11-29`.
    static func title(of date: LocalDate) -> String { "\(weekdayNames[date.weekday]) \(date)" }

    let day: AgendaCursor
    let markdown: Bool
    /// Nothing at all when the day has no activities.
    let quiet: Bool
    let store: ActivityStore
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        if markdown { try writeMarkdown(to: output) } else { try writeText(to: output) }
    }

    private func writeText(to output: OutputBuffer) throws {
        guard let nameWidth = try store.widestName(onWeekdays: 1 << day.date.weekday,
                                                   width: TextColumns.displayWidth(utf8:)) else {
            if !quiet { output.append("No activities on \(Self.title(of: day.date)).\n") }
            return
        }
        output.append(style.bold(Self.title(of: day.date)) + "\n")
        var statuses = OccurrenceStatusText.Cache(date: day.date)
        while try day.next() {
            let status = statuses.text(day.status)
            try output.appendRow { bytes in
                TimeOfDay.appendText(minutes: day.minutes, to: &bytes)
                TextColumns.appendPadding(2, to: &bytes)
                let width = day.withNameBytes { NameCell.appendPrintable(utf8: $0, to: &bytes) }
                TextColumns.appendPadding(nameWidth - width + 2, to: &bytes)
                bytes.append(contentsOf: status)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    private func writeMarkdown(to output: OutputBuffer) throws {
        let any = try day.next()
        if quiet && !any { return }
        output.append("## \(Self.title(of: day.date))\n\n")
        guard any else {
            output.append("No activities.\n")
            return
        }
        output.append("| Time | Activity | Status |\n| --- | --- | --- |\n")
        var statuses = OccurrenceStatusText.Cache(date: day.date)
        repeat {
            let status = statuses.text(day.status)
            try output.appendRow { bytes in
                bytes.append(contentsOf: "| ".utf8)
                TimeOfDay.appendText(minutes: day.minutes, to: &bytes)
                bytes.append(contentsOf: " | ".utf8)
                day.withNameBytes { MarkdownText.appendEscaped(utf8: $0, to: &bytes) }
                bytes.append(contentsOf: " | ".utf8)
                bytes.append(contentsOf: status)
                bytes.append(contentsOf: " |\n".utf8)
            }
        } while try day.next()
    }
}
