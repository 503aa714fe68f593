import TraqtCore

/// How `summary` lays out agendas for people: a day as a list, a week as a
/// planner grid (times down, days across), in plain text or Markdown. Rows are
/// written as the cursors read them; text is measured first by a cheap pass
/// over the names (`ActivityStore.forEachName`) in the same snapshot.
enum SummaryFormatting {
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func title(of date: LocalDate) -> String { "\(weekdayNames[date.weekday]) \(date)" }

    // MARK: - Day

    /// `HH:MM  name  status` lines, the names padded to the widest of the day.
    static func writeDayText(_ day: AgendaCursor, measuring store: ActivityStore, quiet: Bool,
                             _ style: TextStyle, to output: OutputBuffer) throws {
        guard let nameWidth = try store.widestName(onWeekdays: 1 << day.date.weekday,
                                                   width: TextColumns.displayWidth(utf8:)) else {
            if !quiet { output.append("No activities on \(title(of: day.date)).\n") }
            return
        }
        output.append(style.bold(title(of: day.date)) + "\n")
        var statuses = StatusTexts(date: day.date)
        while try day.next() {
            let status = statuses.text(day.status)
            try output.appendRow { bytes in
                TimeOfDay.appendText(minutes: day.minutes, to: &bytes)
                TextColumns.appendPadding(2, to: &bytes)
                let width = day.withNameBytes { appendPrintable(utf8: $0, to: &bytes) }
                TextColumns.appendPadding(nameWidth - width + 2, to: &bytes)
                bytes.append(contentsOf: status)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    static func writeDayMarkdown(_ day: AgendaCursor, quiet: Bool, to output: OutputBuffer) throws {
        let any = try day.next()
        if quiet && !any { return }
        output.append("## \(title(of: day.date))\n\n")
        guard any else {
            output.append("No activities.\n")
            return
        }
        output.append("| Time | Activity | Status |\n| --- | --- | --- |\n")
        var statuses = StatusTexts(date: day.date)
        repeat {
            let status = statuses.text(day.status)
            try output.appendRow { bytes in
                bytes.append(contentsOf: "| ".utf8)
                TimeOfDay.appendText(minutes: day.minutes, to: &bytes)
                bytes.append(contentsOf: " | ".utf8)
                day.withNameBytes { appendMarkdownEscaped(utf8: $0, to: &bytes) }
                bytes.append(contentsOf: " | ".utf8)
                bytes.append(contentsOf: status)
                bytes.append(contentsOf: " |\n".utf8)
            }
        } while try day.next()
    }

    /// `fired at 07:31 (1m 5s late)`, `failed at 07:30 (exit 3)`, `missed`,
    /// `done at 08:10` (marked on `date` itself; else with its date:
    /// `done at 2026-11-29 21:00`), …
    static func statusText(_ status: OccurrenceStatus, on date: LocalDate) -> String {
        switch status {
        case let .fired(at, late):
            return "fired at \(clock(at))" + (late > 0 ? " (\(duration(late)) late)" : "")
        case let .failed(at, _, exitStatus):
            // 124 is what a command that ran out of time is recorded with, as timeout(1) reports it.
            return "failed at \(clock(at)) (" + (exitStatus == 124 ? "timed out" : "exit \(exitStatus)") + ")"
        case let .started(at, _):
            return "started at \(clock(at)), no outcome"
        case .claimed:
            return "claimed, not run yet"
        case let .done(at):
            return "done at " + (at.localDate == date ? "" : "\(at.localDate) ") + clock(at)
        default:
            return status.name
        }
    }

    /// `statusText` as bytes, the last one kept: the occurrences one `due` run
    /// fired together in one minute share theirs.
    struct StatusTexts {
        let date: LocalDate
        private var last: (status: OccurrenceStatus, text: [UInt8])?

        init(date: LocalDate) { self.date = date }

        mutating func text(_ status: OccurrenceStatus) -> [UInt8] {
            if let last, last.status == status { return last.text }
            let text = Array(statusText(status, on: date).utf8)
            last = (status, text)
            return text
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

    // MARK: - Time spent

    /// A block after the agenda: the title, then `  Name  1h 2m` lines, names
    /// padded to the widest; nothing when no time was spent.
    static func writeTimeSpentText(_ entries: [TimeSpent], title: String, _ style: TextStyle, to output: OutputBuffer) {
        guard !entries.isEmpty else { return }
        let names = entries.map { TextColumns.printable($0.name) }
        let width = names.map(TextColumns.displayWidth).max() ?? 0
        var text = "\n" + style.bold(title) + "\n"
        for (entry, name) in zip(entries, names) {
            text += "  " + name + String(repeating: " ", count: width - TextColumns.displayWidth(name) + 2)
                + duration(entry.seconds) + "\n"
        }
        output.append(text)
    }

    /// The same as a Markdown table.
    static func writeTimeSpentMarkdown(_ entries: [TimeSpent], title: String, to output: OutputBuffer) {
        guard !entries.isEmpty else { return }
        var bytes = Array("\n### \(title)\n\n| Activity | Time spent |\n| --- | --- |\n".utf8)
        for entry in entries {
            bytes.append(contentsOf: "| ".utf8)
            var name = entry.name
            name.withUTF8 { appendMarkdownEscaped(utf8: $0, to: &bytes) }
            bytes.append(contentsOf: " | \(duration(entry.seconds)) |\n".utf8)
        }
        output.bytes.append(contentsOf: bytes)
    }

    // MARK: - Week

    /// One of each status, for the marks and the legend.
    static let everyStatus: [OccurrenceStatus] = [
        .fired(at: Instant(seconds: 0), lateSeconds: 0), .failed(at: Instant(seconds: 0), lateSeconds: 0, exitStatus: 0),
        .missed, .done(at: Instant(seconds: 0)), .skipped, .pending, .upcoming, .past,
        .started(at: Instant(seconds: 0), lateSeconds: 0), .claimed,
    ]

    /// The legend under a week: every mark, but those of the states an
    /// interrupted `due --exec` leaves only when the week shows them (`shown`,
    /// by name).
    static func legend(showing shown: Set<String>) -> [String] {
        everyStatus.filter { !["started", "claimed"].contains($0.name) || shown.contains($0.name) }
            .map { mark($0) + " " + $0.name }
    }

    static func mark(_ status: OccurrenceStatus) -> String {
        switch status {
        case .fired: return "✓"
        case .failed: return "✗"
        case .started: return "?"
        case .claimed: return "~"
        case .missed: return "!"
        case .done: return "✔"
        case .skipped: return "»"
        case .pending: return "•"
        case .upcoming: return "·"
        case .past: return "-"
        }
    }

    /// The marks as bytes, made once, and whether the rare ones were shown.
    struct Marks {
        private let fired = Array(mark(.fired(at: Instant(seconds: 0), lateSeconds: 0)).utf8)
        private let failed = Array(mark(.failed(at: Instant(seconds: 0), lateSeconds: 0, exitStatus: 0)).utf8)
        private let started = Array(mark(.started(at: Instant(seconds: 0), lateSeconds: 0)).utf8)
        private let claimed = Array(mark(.claimed).utf8)
        private let missed = Array(mark(.missed).utf8), pending = Array(mark(.pending).utf8)
        private let upcoming = Array(mark(.upcoming).utf8), past = Array(mark(.past).utf8)
        private(set) var shown: Set<String> = []
        private let done = Array(mark(.done(at: Instant(seconds: 0))).utf8), skipped = Array(mark(.skipped).utf8)

        mutating func bytes(_ status: OccurrenceStatus) -> [UInt8] {
            switch status {
            case .fired: return fired
            case .failed: return failed
            case .started:
                shown.insert("started")
                return started
            case .claimed:
                shown.insert("claimed")
                return claimed
            case .missed: return missed
            case .done: return done
            case .skipped: return skipped
            case .pending: return pending
            case .upcoming: return upcoming
            case .past: return past
            }
        }
    }

    /// Every mark takes this many columns.
    static let markWidth = everyStatus.map { TextColumns.displayWidth(mark($0)) }.max() ?? 1

    /// The legend's entries on lines of at most `width` columns (any number
    /// of them on one line without a limit), two spaces apart.
    static func legendLines(_ entries: [String], width: Int?) -> [String] {
        var lines: [String] = []
        for entry in entries {
            if let last = lines.last,
               width.map({ TextColumns.displayWidth(last) + 2 + TextColumns.displayWidth(entry) <= $0 }) ?? true {
                lines[lines.count - 1] = last + "  " + entry
            } else {
                lines.append(entry)
            }
        }
        return lines
    }

    /// `MON 11-30`; short, `MON 30`.
    static func weekHeader(_ date: LocalDate, short: Bool = false) -> String {
        let month = String(date.description.suffix(5))  // MM-DD
        return Weekdays.shortNames[date.weekday].uppercased() + " " + (short ? String(month.suffix(2)) : month)
    }

    /// The grid as text, fitted to `width` columns when there is a limit (see `WeekLayout`).
    static func writeWeekText(_ week: [AgendaCursor], measuring store: ActivityStore, width: Int?,
                              quiet: Bool, _ style: TextStyle, to output: OutputBuffer) throws {
        // One pass over the names gives every day's widest.
        var widest = [Int?](repeating: nil, count: 7)
        try store.forEachName(onWeekdays: Weekdays.daily.mask) { name, mask in
            let nameWidth = TextColumns.displayWidth(utf8: name)
            for weekday in 0..<7 where mask >> weekday & 1 == 1 { widest[weekday] = max(widest[weekday] ?? 0, nameWidth) }
        }
        let isEmpty = widest.allSatisfy { $0 == nil }
        if quiet && isEmpty { return }
        output.append(style.bold("Week of " + title(of: week[0].date)) + "\n")
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
        var marks = Marks()
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
                        return markWidth + 1 + day.withNameBytes { appendCut(utf8: $0, to: layout.nameLimit, to: &bytes) }
                    }
                }
                line.end(to: &bytes)
            }
        }
        // As wide as the grid may be, or as the grid is when it could not fit.
        for line in legendLines(legend(showing: marks.shown), width: width.map { max($0, layout.width) }) {
            output.append(line + "\n")
        }
    }

    static func writeWeekMarkdown(_ week: [AgendaCursor], quiet: Bool, to output: OutputBuffer) throws {
        var grid = try WeekGrid(week)
        if quiet && grid.isEmpty { return }
        output.append("## Week of \(title(of: week[0].date))\n\n")
        guard !grid.isEmpty else {
            output.append("No activities.\n")
            return
        }
        let headers = week.map { day in
            let header = weekHeader(day.date)
            return header.prefix(1) + header.dropFirst().lowercased()
        }
        output.append("| Time | " + headers.joined(separator: " | ") + " |\n")
        output.append("|" + String(repeating: " --- |", count: headers.count + 1) + "\n")
        var marks = Marks()
        try grid.forEachLine { minutes, isFirst, onLine in
            try output.appendRow { bytes in
                bytes.append(contentsOf: "| ".utf8)
                if isFirst { TimeOfDay.appendText(minutes: minutes, to: &bytes) }
                for (index, day) in week.enumerated() {
                    bytes.append(contentsOf: " | ".utf8)
                    guard onLine >> index & 1 == 1 else { continue }
                    bytes.append(contentsOf: marks.bytes(day.status))
                    bytes.append(UInt8(ascii: " "))
                    day.withNameBytes { appendMarkdownEscaped(utf8: $0, to: &bytes) }
                }
                bytes.append(contentsOf: " |\n".utf8)
            }
        }
        output.append("\n" + legend(showing: marks.shown).joined(separator: "  ") + "\n")
    }

    // MARK: - Text helpers

    /// `TextColumns.appendPrintable`, returning the columns the name takes: a
    /// name of printable ASCII (nearly all) is checked and copied in one pass.
    static func appendPrintable(utf8 name: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) -> Int {
        if isPlain(name) {
            buffer.append(contentsOf: name)
            return name.count
        }
        TextColumns.appendPrintable(utf8: name, to: &buffer)
        return TextColumns.displayWidth(utf8: name)
    }

    /// Printable ASCII only: a column a byte, nothing to replace.
    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    private static let ellipsis = Array("…".utf8)

    /// Appends a name, printable, cut to at most `width` terminal columns
    /// (ending in `…` when cut); returns the columns it takes.
    static func appendCut(utf8 name: UnsafeBufferPointer<UInt8>, to width: Int, to buffer: inout [UInt8]) -> Int {
        if isPlain(name) {
            guard name.count > width else {
                buffer.append(contentsOf: name)
                return name.count
            }
            // One column a byte: cut at a byte, and `…` takes the last column.
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: name[..<(width - 1)]))
            buffer.append(contentsOf: ellipsis)
            return width
        }
        let nameWidth = TextColumns.displayWidth(utf8: name)
        guard nameWidth > width else {
            TextColumns.appendPrintable(utf8: name, to: &buffer)
            return nameWidth
        }
        let cut = truncated(TextColumns.printable(String(decoding: name, as: UTF8.self)), to: width)
        buffer.append(contentsOf: cut.utf8)
        return TextColumns.displayWidth(cut)
    }

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

    /// Appends a name as literal Markdown text inside a table cell: no
    /// formatting, no HTML, no cell breaks, no line breaks.
    static func appendMarkdownEscaped(utf8 name: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let start = buffer.count
        _ = appendPrintable(utf8: name, to: &buffer)
        guard buffer[start...].contains(where: { isMarkdownSpecial[Int($0)] }) else { return }
        let printable = Array(buffer[start...])
        buffer.removeSubrange(start...)
        for byte in printable {
            // All ASCII: never part of a longer UTF-8 sequence.
            if isMarkdownSpecial[Int(byte)] { buffer.append(UInt8(ascii: "\\")) }
            buffer.append(byte)
        }
    }

    /// By byte: the characters Markdown gives a meaning to.
    private static let isMarkdownSpecial: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "\\`*_[]<>|#~".utf8 { table[Int(byte)] = true }
        return table
    }()
}
