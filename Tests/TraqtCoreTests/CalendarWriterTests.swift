import Foundation
import Testing
@testable import TraqtCore

/// The calendar writer on its own: events, rules, ids, excluded days, and the
/// VTIMEZONE of zones whose rules come from Foundation's copy of the tz
/// database (glibc's local zone is the process's own, which these tests leave
/// alone; the binary's tests set TZ).
@Suite("calendar writer")
struct CalendarWriterTests {
    /// 2026-01-14T12:00:00Z, a Wednesday in any zone within 11 hours of UTC.
    static let created = 1_768_392_000
    static let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    static func utc(_ years: ClosedRange<Int> = 2026...2026) -> ZoneHistory {
        ZoneHistory(years: years) { _ in ZoneHistory.State(offset: 0, isDaylight: false, abbreviation: "UTC") }
    }

    /// A zone as Foundation has it.
    static func foundation(_ identifier: String, _ years: ClosedRange<Int>) -> ZoneHistory {
        let zone = TimeZone(identifier: identifier)!
        return ZoneHistory(years: years) { instant in
            let date = Date(timeIntervalSince1970: TimeInterval(instant))
            return ZoneHistory.State(offset: zone.secondsFromGMT(for: date), isDaylight: zone.isDaylightSavingTime(for: date),
                                     abbreviation: zone.abbreviation(for: date) ?? "")
        }
    }

    /// The whole calendar for `activities` (each with its excluded dates), as unfolded lines.
    static func calendar(_ activities: [(Activity, [LocalDate])], zone: String = "UTC",
                         history: ZoneHistory = utc()) throws -> [String] {
        var writer = CalendarWriter(zoneName: zone, history: history, productID: "-//traqt//test//EN")
        var bytes: [UInt8] = []
        writer.appendStart(to: &bytes)
        for (activity, excluded) in activities { writer.append(activity, excluded: excluded, to: &bytes) }
        writer.appendEnd(to: &bytes)
        var lines: [String] = []
        for physical in try ContentLineTests.physicalLines(bytes) {
            let text = try #require(String(validating: physical, as: UTF8.self))
            if text.hasPrefix(" ") { lines[lines.count - 1] += text.dropFirst() } else { lines.append(text) }
        }
        return lines
    }

    /// The lines of each VEVENT, between BEGIN and END.
    static func events(_ lines: [String]) -> [[String]] {
        var events: [[String]] = [], current: [String]?
        for line in lines {
            if line == "BEGIN:VEVENT" { current = [] } else if line == "END:VEVENT" { events.append(current!); current = nil } else { current?.append(line) }
        }
        return events
    }

    static func value(_ property: String, in event: [String]) -> String? {
        event.first { $0.hasPrefix(property + ":") || $0.hasPrefix(property + ";") }
            .map { String($0[$0.index(after: $0.firstIndex(of: ":")!)...]) }
    }

    static func activity(_ id: String = "walk-dog", name: String = "Walk dog", mask: Int = 42, at minutes: Int = 450,
                         created: Int = created, updated: Int = created) -> Activity {
        Activity(id: id, name: name, days: Weekdays(mask: mask)!, time: TimeOfDay(minutes: minutes)!,
                 createdAt: created, updatedAt: updated)
    }

    // MARK: - Events

    @Test("an event has its id, times, rule, length, name and transparency")
    func event() throws {
        let activity = Self.activity(name: "Walk dog, then; rest\\nap\nsecond line", updated: Self.created + 3723)
        let event = try #require(Self.events(try Self.calendar([(activity, [])], zone: "Europe/Berlin")).first)
        #expect(event.contains("UID:walk-dog@traqt"))
        #expect(event.contains("DTSTAMP:20260114T130203Z"))
        #expect(event.contains("CREATED:20260114T120000Z"))
        #expect(event.contains("LAST-MODIFIED:20260114T130203Z"))
        #expect(event.contains("SEQUENCE:3723"))
        #expect(event.contains("DURATION:PT15M"))
        #expect(event.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))
        #expect(event.contains("SUMMARY:Walk dog\\, then\\; rest\\\\nap\\nsecond line"))
        #expect(event.contains("TRANSP:TRANSPARENT"))
        let start = try #require(event.first { $0.hasPrefix("DTSTART;") })
        #expect(start.hasPrefix("DTSTART;TZID=Europe/Berlin:2026011"))
        #expect(start.hasSuffix("T073000"))
        #expect(!event.contains { $0.hasPrefix("EXDATE") || $0.hasPrefix("RECURRENCE-ID") })
    }

    @Test("the calendar has a version, a product id and one VTIMEZONE, and is not empty without activities")
    func calendarFrame() throws {
        let lines = try Self.calendar([])
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.last == "END:VCALENDAR")
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.contains("PRODID:-//traqt//test//EN"))
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        #expect(lines.contains("TZID:UTC"))
    }

    @Test("BYDAY lists exactly the mask's days, Monday first, and DTSTART is the first of them from the creation date",
          arguments: Weekdays.range)
    func byDay(mask: Int) throws {
        let event = try #require(Self.events(try Self.calendar([(Self.activity(mask: mask), [])])).first)
        let rule = try #require(Self.value("RRULE", in: event))
        let prefix = "FREQ=WEEKLY;BYDAY="
        #expect(rule.hasPrefix(prefix))
        let days = rule.dropFirst(prefix.count).split(separator: ",").map(String.init)
        let weekdays = try days.map { try #require(Self.codes.firstIndex(of: $0)) }
        #expect(weekdays.reduce(0) { $0 | 1 << $1 } == mask)
        // Monday first, Sunday last, each once.
        let mondayFirst = weekdays.map { ($0 + 6) % 7 }
        #expect(mondayFirst == mondayFirst.sorted() && Set(mondayFirst).count == mondayFirst.count)

        let startText = try #require(Self.value("DTSTART", in: event))
        let start = try #require(LocalDate(year: Int(startText.prefix(4))!, month: Int(startText.dropFirst(4).prefix(2))!,
                                           day: Int(startText.dropFirst(6).prefix(2))!))
        let createdOn = LocalDate(LocalZone.wallClock(at: Self.created).dateTime)
        #expect(start >= createdOn && start < createdOn.adding(days: 7))
        #expect(weekdays.contains(start.weekday))
        var earlier = createdOn
        while earlier < start {
            #expect(!weekdays.contains(earlier.weekday))
            earlier = earlier.adding(days: 1)
        }
    }

    @Test("the UID depends on the id alone, and different ids give different UIDs")
    func uidStability() throws {
        let ids = ["walk-dog", "a b", "a%20b", "A b", "c++", "c--", "日本", "x@y", "semi;colon,comma\\", "~._-"]
        var seen: [String: String] = [:]
        for id in ids {
            let original = try #require(Self.events(try Self.calendar([(Self.activity(id), [])])).first)
            // Another name, days, time, timestamps, zone: the same UID.
            let changed = Self.activity(id, name: "Other", mask: 1, at: 0, created: 1, updated: 2)
            let other = try #require(Self.events(try Self.calendar([(changed, [])], zone: "Asia/Tokyo")).first)
            let uid = try #require(Self.value("UID", in: original))
            #expect(Self.value("UID", in: other) == uid)
            #expect(uid == CalendarWriter.uid(of: id))
            #expect(uid.hasSuffix("@traqt"))
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
            #expect(uid.dropLast(6).allSatisfy { allowed.contains($0) }, "\(uid)")
            // Percent-decoding gives the id back.
            #expect(String(uid.dropLast(6)).removingPercentEncoding == id)
            #expect(seen.updateValue(id, forKey: uid) == nil, "\(id) and \(seen[uid] ?? "") share \(uid)")
        }
    }

    @Test("excluded dates become one EXDATE at the activity's time, sorted, each once")
    func excludedDates() throws {
        let dates = [LocalDate(year: 2026, month: 2, day: 4)!, LocalDate(year: 2026, month: 1, day: 28)!,
                     LocalDate(year: 2026, month: 2, day: 4)!]
        let event = try #require(Self.events(try Self.calendar([(Self.activity(), dates)], zone: "America/New_York")).first)
        #expect(event.filter { $0.hasPrefix("EXDATE") } == ["EXDATE;TZID=America/New_York:20260128T073000,20260204T073000"])

        // Many dates: one long line, folded.
        let many = (0..<60).map { LocalDate(year: 2026, month: 1, day: 21)!.adding(days: 7 * $0) }
        let long = try #require(Self.events(try Self.calendar([(Self.activity(), many)])).first)
        let exdate = try #require(Self.value("EXDATE", in: long))
        #expect(exdate.split(separator: ",").count == 60)
    }

    @Test("excluded dates that are no occurrence (not one of its days, or before its first) are left out")
    func excludedNonOccurrences() throws {
        // Monday, Wednesday and Friday from Wednesday 2026-01-14.
        let dates = [LocalDate(year: 2026, month: 1, day: 12)!, LocalDate(year: 2026, month: 1, day: 27)!,
                     LocalDate(year: 2026, month: 1, day: 30)!]
        let event = try #require(Self.events(try Self.calendar([(Self.activity(), dates)])).first)
        #expect(event.filter { $0.hasPrefix("EXDATE") } == ["EXDATE;TZID=UTC:20260130T073000"])
        let none = try #require(Self.events(try Self.calendar([(Self.activity(), Array(dates.prefix(2)))])).first)
        #expect(!none.contains { $0.hasPrefix("EXDATE") })
    }

    // MARK: - Daylight saving

    @Test("a time in a spring-forward gap gets an override at the gap's end on each gap day, unless excluded or before the start")
    func gapOverrides() throws {
        let history = Self.foundation("America/New_York", 2026...2027)
        func overrides(mask: Int = 127, at minutes: Int, created: Int = Self.created, excluded: [LocalDate] = []) throws -> [String] {
            let lines = try Self.calendar([(Self.activity(mask: mask, at: minutes, created: created), excluded)],
                                          zone: "America/New_York", history: history)
            return Self.events(lines).dropFirst().map {
                (Self.value("RECURRENCE-ID", in: $0) ?? "none") + " -> " + (Self.value("DTSTART", in: $0) ?? "none")
            }
        }
        // Spring forward: 2026-03-08 and 2027-03-14, 02:00 -> 03:00.
        #expect(try overrides(at: 150) == ["20260308T023000 -> 20260308T030000", "20270314T023000 -> 20270314T030000"])
        #expect(try overrides(at: 120) == ["20260308T020000 -> 20260308T030000", "20270314T020000 -> 20270314T030000"])
        #expect(try overrides(at: 179).count == 2)
        // Not in the gap: its edges and the repeated hour of the fall.
        for minutes in [119, 180, 90, 60] { #expect(try overrides(at: minutes).isEmpty) }
        // Not on its days (Mondays only), excluded, or before the first occurrence.
        #expect(try overrides(mask: 2, at: 150).isEmpty)
        #expect(try overrides(at: 150, excluded: [LocalDate(year: 2026, month: 3, day: 8)!])
            == ["20270314T023000 -> 20270314T030000"])
        #expect(try overrides(at: 150, created: 1_775_044_800) == ["20270314T023000 -> 20270314T030000"])
    }

    @Test("a zone without daylight saving has one observance")
    func zoneWithoutDaylightSaving() throws {
        let lines = try Self.calendar([], zone: "Asia/Tokyo", history: Self.foundation("Asia/Tokyo", 2026...2036))
        let zone = try Self.timezone(lines)
        #expect(zone.first == "TZID:Asia/Tokyo")
        #expect(zone.filter { $0.hasPrefix("BEGIN:") } == ["BEGIN:STANDARD"])
        #expect(zone.contains("DTSTART:20260101T000000"))
        #expect(zone.contains("TZOFFSETFROM:+0900"))
        #expect(zone.contains("TZOFFSETTO:+0900"))
    }

    @Test("New York and Berlin: an observance per change, where Foundation's tz database has the changes",
          arguments: [
            ("America/New_York", ["STANDARD 20260101T000000 -0500 -0500",
                                  "DAYLIGHT 20260308T020000 -0500 -0400", "STANDARD 20261101T020000 -0400 -0500",
                                  "DAYLIGHT 20270314T020000 -0500 -0400", "STANDARD 20271107T020000 -0400 -0500"]),
            ("Europe/Berlin", ["STANDARD 20260101T000000 +0100 +0100",
                               "DAYLIGHT 20260329T020000 +0100 +0200", "STANDARD 20261025T030000 +0200 +0100",
                               "DAYLIGHT 20270328T020000 +0100 +0200", "STANDARD 20271031T030000 +0200 +0100"]),
          ])
    func zonesWithDaylightSaving(identifier: String, observances: [String]) throws {
        let history = Self.foundation(identifier, 2026...2027)
        // The bisection finds each change to the second, as Foundation lists them.
        var expected: [Int] = []
        let zone = TimeZone(identifier: identifier)!
        var date = Date(timeIntervalSince1970: TimeInterval(history.start))
        while let next = zone.nextDaylightSavingTimeTransition(after: date), Int(next.timeIntervalSince1970) < history.start + 2 * 365 * 86_400 {
            expected.append(Int(next.timeIntervalSince1970))
            date = next
        }
        #expect(history.transitions.map(\.instant) == expected)

        let lines = try Self.timezone(try Self.calendar([], zone: identifier, history: history))
        var found: [String] = []
        var current: [String] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("BEGIN:") { current = [String(line.dropFirst(6))] }
            for property in ["DTSTART:", "TZOFFSETFROM:", "TZOFFSETTO:"] where line.hasPrefix(property) {
                current.append(String(line.dropFirst(property.count)))
            }
            if line.hasPrefix("END:") { found.append(current.joined(separator: " ")) }
        }
        #expect(found == observances)
        #expect(lines.filter { $0.hasPrefix("TZNAME:") }.count == observances.count)
    }

    /// The lines inside the VTIMEZONE.
    static func timezone(_ lines: [String]) throws -> [String] {
        let begin = try #require(lines.firstIndex(of: "BEGIN:VTIMEZONE"))
        let end = try #require(lines.firstIndex(of: "END:VTIMEZONE"))
        return Array(lines[(begin + 1)..<end])
    }
}
