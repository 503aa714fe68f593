/// Writes activities as an iCalendar file (RFC 5545), one weekly recurring
/// event per activity, into a byte buffer as they come, so that an export
/// streams in flat memory:
///
/// ```
/// BEGIN:VEVENT
/// UID:walk-dog@traqt
/// DTSTAMP:20261130T071502Z
/// DTSTART;TZID=America/New_York:20261130T073000
/// DURATION:PT15M
/// RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
/// SUMMARY:Walk dog
/// …
/// END:VEVENT
/// ```
///
/// Call `appendStart` once, `append` per activity, `appendEnd` once.
public struct CalendarWriter {
    /// How long each event lasts: a reminder is a moment, but calendars show a
    /// zero-length event poorly.
    public static let duration = "PT15M"
    private static let durationLine = "DURATION:" + duration
    /// What follows the id in each event's `UID`.
    public static let uidSuffix = "@traqt"

    public let zoneName: String
    public let history: ZoneHistory
    private let productID: String
    /// `;TZID=America/New_York:`, the parameter of every local time.
    private let zoneParameter: [UInt8]
    /// By minute of the day: the dates on which that time falls into a
    /// spring-forward gap, and the wall key of the gap's end.
    private let gapsByMinute: [[(date: LocalDate, end: Int)]]
    /// The line being built; reused, so that a row costs no allocation.
    private var line: [UInt8] = []
    /// `RRULE:FREQ=WEEKLY;BYDAY=…` by day mask, made on first use.
    private var rules = [[UInt8]?](repeating: nil, count: Weekdays.range.upperBound + 1)
    /// Rows saved together share their creation time: its local date is reused.
    private var lastCreation: (seconds: Int, date: LocalDate)?

    /// `zoneName` is the local zone's `TZID` (`CalendarZoneName.resolve`),
    /// `history` its offsets over the years the events need.
    public init(zoneName: String, history: ZoneHistory, productID: String) {
        self.zoneName = zoneName
        self.history = history
        self.productID = productID
        var parameter = Array(";TZID=".utf8)
        ContentLine.appendParameter(zoneName, to: &parameter)
        parameter.append(UInt8(ascii: ":"))
        zoneParameter = parameter
        var gaps = [[(date: LocalDate, end: Int)]](repeating: [], count: TimeOfDay.range.upperBound + 1)
        for gap in history.gaps {
            // Each whole minute inside the gap, on the date it falls on.
            var key = (gap.lowerBound + 59) / 60 * 60
            while key < gap.upperBound {
                let wall = ContentLine.wallClock(key: key)
                gaps[wall.minuteOfDay].append((LocalDate(wall), gap.upperBound))
                key += 60
            }
        }
        gapsByMinute = gaps
    }

    // MARK: - The calendar

    /// `BEGIN:VCALENDAR`, its properties, and the local zone's `VTIMEZONE`.
    public mutating func appendStart(to buffer: inout [UInt8]) {
        appendLine("BEGIN:VCALENDAR", to: &buffer)
        appendLine("VERSION:2.0", to: &buffer)
        appendLine("PRODID:" + productID, to: &buffer)
        appendLine("CALSCALE:GREGORIAN", to: &buffer)
        appendLine("X-WR-CALNAME:traqt", to: &buffer)
        appendTimezone(to: &buffer)
    }

    public mutating func appendEnd(to buffer: inout [UInt8]) {
        appendLine("END:VCALENDAR", to: &buffer)
    }

    /// The zone as it was on 1 January of the first year (an observance that
    /// changes nothing, so that the earliest event has an offset), then one
    /// observance per change: `DAYLIGHT` when glibc calls the new state
    /// daylight saving time, else `STANDARD`. Each starts at the local time
    /// before the change, as RFC 5545 wants it.
    private mutating func appendTimezone(to buffer: inout [UInt8]) {
        appendLine("BEGIN:VTIMEZONE", to: &buffer)
        begin("TZID:")
        ContentLine.appendText(zoneName, to: &line)
        finish(to: &buffer)
        appendObservance(history.initial, from: history.initial.offset, onset: history.start + history.initial.offset,
                         to: &buffer)
        for change in history.transitions {
            appendObservance(change.to, from: change.from.offset, onset: change.instant + change.from.offset, to: &buffer)
        }
        appendLine("END:VTIMEZONE", to: &buffer)
    }

    private mutating func appendObservance(_ state: ZoneHistory.State, from offset: Int, onset: Int,
                                           to buffer: inout [UInt8]) {
        let kind = state.isDaylight ? "DAYLIGHT" : "STANDARD"
        appendLine("BEGIN:" + kind, to: &buffer)
        begin("DTSTART:")
        ContentLine.appendDateTime(ContentLine.wallClock(key: onset), to: &line)
        finish(to: &buffer)
        begin("TZOFFSETFROM:")
        ContentLine.appendOffset(offset, to: &line)
        finish(to: &buffer)
        begin("TZOFFSETTO:")
        ContentLine.appendOffset(state.offset, to: &line)
        finish(to: &buffer)
        if !state.abbreviation.isEmpty {
            begin("TZNAME:")
            ContentLine.appendText(state.abbreviation, to: &line)
            finish(to: &buffer)
        }
        appendLine("END:" + kind, to: &buffer)
    }

    // MARK: - Events

    /// One activity as it comes from the store.
    public mutating func append(_ row: ActivityRow, excluded: [LocalDate], to buffer: inout [UInt8]) {
        let days = Weekdays(mask: row.daysMask) ?? .daily, time = TimeOfDay(minutes: row.minutes) ?? .midnight
        row.withIDBytes { id in
            row.withNameBytes { name in
                appendEvent(id: id, name: name, days: days, time: time, createdAt: row.createdAt,
                            updatedAt: row.updatedAt, excluded: excluded, to: &buffer)
            }
        }
    }

    /// One activity; one that was never saved counts as created and changed at the epoch.
    public mutating func append(_ activity: Activity, excluded: [LocalDate] = [], to buffer: inout [UInt8]) {
        var id = activity.id, name = activity.name
        id.withUTF8 { id in
            name.withUTF8 { name in
                appendEvent(id: id, name: name, days: activity.days, time: activity.time,
                            createdAt: activity.createdAt ?? 0, updatedAt: activity.updatedAt ?? 0,
                            excluded: excluded, to: &buffer)
            }
        }
    }

    /// The weekly event of one activity, from the first of its days on or after
    /// the date it was created; the dates in `excluded` (done or skipped) that
    /// are occurrences as `EXDATE`; then, for each of its times that a spring-forward gap skips,
    /// an event that moves that one occurrence to the end of the gap, where
    /// traqt fires it (RFC 5545 reads a skipped time with the offset before
    /// the gap instead: 02:30 as 03:30, not 03:00).
    private mutating func appendEvent(id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>,
                                      days: Weekdays, time: TimeOfDay, createdAt: Int, updatedAt: Int,
                                      excluded: [LocalDate], to buffer: inout [UInt8]) {
        var start = creationDate(createdAt)
        while !days.contains(weekday: start.weekday) { start = start.adding(days: 1) }
        // Only occurrences can be excluded: a date not among its days, or
        // before its first, is no occurrence.
        let skipped = excluded.isEmpty ? excluded
            : Array(Set(excluded.filter { $0 >= start && days.contains(weekday: $0.weekday) })).sorted()

        appendLine("BEGIN:VEVENT", to: &buffer)
        appendIdentity(id: id, createdAt: createdAt, updatedAt: updatedAt, to: &buffer)
        appendLocalTime("DTSTART", start.at(time), to: &buffer)
        appendLine(Self.durationLine, to: &buffer)
        buffer.append(contentsOf: rule(days))
        if !skipped.isEmpty {
            begin("EXDATE")
            line += zoneParameter
            for (index, date) in skipped.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                ContentLine.appendDateTime(date.at(time), to: &line)
            }
            finish(to: &buffer)
        }
        appendSummary(name, to: &buffer)
        appendLine("END:VEVENT", to: &buffer)

        for gap in gapsByMinute[time.minutes]
        where gap.date >= start && days.contains(weekday: gap.date.weekday) && !skipped.contains(gap.date) {
            appendLine("BEGIN:VEVENT", to: &buffer)
            appendIdentity(id: id, createdAt: createdAt, updatedAt: updatedAt, to: &buffer)
            appendLocalTime("RECURRENCE-ID", gap.date.at(time), to: &buffer)
            appendLocalTime("DTSTART", ContentLine.wallClock(key: gap.end), to: &buffer)
            appendLine(Self.durationLine, to: &buffer)
            appendSummary(name, to: &buffer)
            appendLine("END:VEVENT", to: &buffer)
        }
    }

    /// `UID`, and when the activity was made and last changed. Without a
    /// `METHOD`, `DTSTAMP` is when the event was last revised (RFC 5545
    /// 3.8.7.2): the activity's `updatedAt`, so that exporting an unchanged
    /// database twice gives the same events. `SEQUENCE` is the seconds from
    /// creation to the last change: it grows with every change, which is what
    /// calendars compare to decide that an import updates an event.
    private mutating func appendIdentity(id: UnsafeBufferPointer<UInt8>, createdAt: Int, updatedAt: Int,
                                         to buffer: inout [UInt8]) {
        begin("UID:")
        Self.appendUID(id: id, to: &line)
        finish(to: &buffer)
        appendUTC("DTSTAMP", updatedAt, to: &buffer)
        appendUTC("CREATED", createdAt, to: &buffer)
        appendUTC("LAST-MODIFIED", updatedAt, to: &buffer)
        begin("SEQUENCE:")
        appendDigits(min(max(0, updatedAt - createdAt), Int(Int32.max)), to: &line)
        finish(to: &buffer)
    }

    /// The id, percent-encoded as in a URL, then `@traqt`: the same id always
    /// gives the same `UID`, which holds nothing a TEXT value would have to escape.
    static func appendUID(id: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]) {
        PercentEncoding.append(id, to: &line)
        line += uidSuffix.utf8
    }

    /// `UID` of the activity with `id`.
    public static func uid(of id: String) -> String {
        var id = id, line: [UInt8] = []
        id.withUTF8 { appendUID(id: $0, to: &line) }
        return String(decoding: line, as: UTF8.self)
    }

    /// `BYDAY` lists the days Monday first, as calendars show a week.
    public static func byDay(_ days: Weekdays) -> String {
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        return [1, 2, 3, 4, 5, 6, 0].filter { days.contains(weekday: $0) }.map { codes[$0] }.joined(separator: ",")
    }

    private mutating func rule(_ days: Weekdays) -> [UInt8] {
        if let rule = rules[days.mask] { return rule }
        var rule: [UInt8] = []
        ContentLine.appendFolded(Array(("RRULE:FREQ=WEEKLY;BYDAY=" + Self.byDay(days)).utf8), to: &rule)
        rules[days.mask] = rule
        return rule
    }

    private mutating func appendSummary(_ name: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        begin("SUMMARY:")
        ContentLine.appendText(name, to: &line)
        finish(to: &buffer)
        // A reminder does not make its owner busy.
        appendLine("TRANSP:TRANSPARENT", to: &buffer)
    }

    private mutating func appendLocalTime(_ property: String, _ wall: LocalDateTime, to buffer: inout [UInt8]) {
        begin(property)
        line += zoneParameter
        ContentLine.appendDateTime(wall, to: &line)
        finish(to: &buffer)
    }

    private mutating func appendUTC(_ property: String, _ instant: Int, to buffer: inout [UInt8]) {
        begin(property)
        line.append(UInt8(ascii: ":"))
        ContentLine.appendUTC(instant, to: &line)
        finish(to: &buffer)
    }

    private mutating func appendLine(_ text: String, to buffer: inout [UInt8]) {
        begin(text)
        finish(to: &buffer)
    }

    /// Starts a new line with `text`, in the reused line buffer.
    private mutating func begin(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line += text.utf8
    }

    /// Folds the line into `buffer`.
    private func finish(to buffer: inout [UInt8]) {
        ContentLine.appendFolded(line, to: &buffer)
    }

    private mutating func creationDate(_ seconds: Int) -> LocalDate {
        if let last = lastCreation, last.seconds == seconds { return last.date }
        let date = LocalDate(LocalZone.wallClock(at: seconds).dateTime)
        lastCreation = (seconds, date)
        return date
    }
}
