import Foundation
import Testing

/// `export --format ics` read by calendar software: PyPI's `icalendar` parses
/// the file and `recurring-ical-events` expands it (Tests/Oracles/expand-ics.py,
/// run as a real `python3` process), and for three months across a daylight
/// saving change every occurrence it finds must be one that `traqt summary`
/// shows for that day, at the same instant, and the other way round: read with
/// the tz database, and read with nothing but the file's own VTIMEZONE. Days
/// marked done or skipped (the change's own day among them) are in neither.
@Suite("calendar export expanded by recurring-ical-events")
struct CalendarOracleTests {
    struct Window: Sendable, CustomStringConvertible {
        /// `change`: the day the clocks change.
        let zone: String, first: String, last: String, change: String
        var description: String { "\(zone) \(first)…\(last)" }
    }

    static let windows = [
        Window(zone: "America/New_York", first: "2026-02-01", last: "2026-04-30", change: "2026-03-08"),
        Window(zone: "America/New_York", first: "2026-09-15", last: "2026-12-14", change: "2026-11-01"),
        Window(zone: "Europe/Berlin", first: "2026-02-15", last: "2026-05-14", change: "2026-03-29"),
        Window(zone: "Europe/Berlin", first: "2026-09-01", last: "2026-11-30", change: "2026-10-25"),
    ]

    /// Times around the changes of both zones (02:00-03:00 is skipped in spring;
    /// 01:00-02:00 repeats in New York's fall, 02:00-03:00 in Berlin's) on day
    /// sets with and without Sunday, the day both zones change on; names that
    /// need escaping and folding; ids that need encoding.
    static let activities: [(id: String, name: String, mask: Int, time: String)] = [
        ("night-meds", "Night meds", 127, "02:30"),
        ("sunday-gap", "Sunday 02:15", 1, "02:15"),
        ("two", "Two o'clock", 127, "02:00"),
        ("three", "Three o'clock", 65, "03:00"),
        ("repeat", "Early, repeated; maybe", 99, "01:30"),
        ("before-gap", "Just before", 1, "01:59"),
        ("midnight", "Midnight", 62, "00:00"),
        ("late-night", "Late night \\ backslash", 20, "23:59"),
        ("lunch", "Lunch\nsecond line", 126, "12:00"),
        ("c++ study/日本", String(repeating: "Ünïcödé 日本語 👩‍💻 ", count: 4), 42, "07:30"),
        ("saturday", "Saturday only", 64, "09:00"),
    ]
    /// When every activity was created, before the windows.
    static let created = "2026-01-10T12:00:00Z"

    @Test("the calendar's occurrences are traqt's, in both ways of reading the zone", arguments: windows)
    func sameOccurrences(window: Window) throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("traqt.sqlite"), file = directory.file("traqt.ics")
        let environment = ["TZ": window.zone]
        // One more activity, created inside the window: its events start that day.
        let lateCreated = try Self.date(window.first).addingTimeInterval(30 * 86_400 + 20 * 3600)
        let late = (id: "late", name: "Created in the window", mask: 10, time: "07:00")
        var records: [[String: Any]] = Self.activities.map { activity in
            ["id": activity.id, "name": activity.name, "daysOfWeek": activity.mask, "time": activity.time,
             "createdAt": Self.created, "updatedAt": Self.created]
        }
        let lateStamp = ISO8601DateFormatter().string(from: lateCreated)
        records.append(["id": late.id, "name": late.name, "daysOfWeek": late.mask, "time": late.time,
                        "createdAt": lateStamp, "updatedAt": lateStamp])
        let json = String(decoding: try JSONSerialization.data(withJSONObject: records), as: UTF8.self)
        let imported = try InProcessTraqt.run(["import", "-"], database: database, stdin: json, environment: environment)
        try #require(imported.status == 0, "\(imported.stderr)")
        var zoneCalendar = Calendar(identifier: .gregorian)
        zoneCalendar.timeZone = TimeZone(identifier: window.zone)!
        let change = try Self.date(window.change)
        let after = { (days: Int) in Self.dayText(zoneCalendar.date(byAdding: .day, value: days, to: change)!, in: zoneCalendar) }
        // Done on the change's day (a skipped and a repeated hour), a holiday
        // after it, and a week without lunch before it.
        for marks in [["done", "two", "sunday-gap", "repeat", "--date", window.change],
                      ["skip", "--all", "--from", after(1), "--to", after(3)],
                      ["skip", "lunch", "night-meds", "--from", after(-16), "--to", after(-10)]] {
            let marked = try InProcessTraqt.run(marks + ["--now", window.first + "T12:00"], database: database, environment: environment)
            try #require(marked.status == 0, "\(marks): \(marked.stderr)")
        }
        let exported = try InProcessTraqt.run(["export", "--format", "ics", file], database: database, environment: environment)
        try #require(exported.status == 0, "\(exported.stderr)")

        // traqt's own occurrences, day by day; an activity's events start on the day it was created.
        let firstDay = { (created: Date) in Self.dayText(created, in: zoneCalendar) }
        let startDay = Dictionary(uniqueKeysWithValues: Self.activities.map { ($0.id, firstDay(try! Self.timestamp(Self.created))) }
            + [(late.id, firstDay(lateCreated))])
        var expected: [String] = [], marked = 0
        var day = try Self.date(window.first)
        while Self.dayText(day, in: zoneCalendar) <= window.last {
            let text = Self.dayText(day, in: zoneCalendar)
            let summary = try InProcessTraqt.run(["summary", "--json", "--date", text], database: database, environment: environment)
            try #require(summary.status == 0, "\(summary.stderr)")
            let agenda = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
            for entry in try #require(agenda["activities"] as? [[String: Any]]) {
                let id = try #require(entry["id"] as? String)
                guard text >= startDay[id]! else { continue }
                guard !["done", "skipped"].contains(try #require(entry["status"] as? String)) else {
                    marked += 1
                    continue
                }
                let instant = try Self.timestamp(try #require(entry["scheduledAt"] as? String))
                expected.append(Self.key(id: id, date: text, start: Int(instant.timeIntervalSince1970),
                                         name: try #require(entry["name"] as? String)))
            }
            day = zoneCalendar.date(byAdding: .day, value: 1, to: day)!
        }
        #expect(expected.count > 450)
        #expect(marked > 20)

        let expanded = try Self.expand(file, window.first, window.last)
        for reading in ["tzdb", "vtimezone"] {
            let occurrences = try #require(expanded[reading] as? [[String: Any]])
            var found: [String] = []
            for occurrence in occurrences {
                let uid = try #require(occurrence["uid"] as? String)
                try #require(uid.hasSuffix("@traqt"))
                let id = try #require(String(uid.dropLast(6)).removingPercentEncoding)
                let start = try #require(occurrence["start"] as? Int)
                // On the wall clock: see expand-ics.py for why.
                #expect(occurrence["minutes"] as? Int == 15, "\(reading): \(uid) lasts \(occurrence["minutes"] ?? "?") minutes")
                found.append(Self.key(id: id, date: try #require(occurrence["date"] as? String), start: start,
                                      name: try #require(occurrence["summary"] as? String)))
            }
            let missing = Set(expected).subtracting(found).sorted(), extra = Set(found).subtracting(expected).sorted()
            #expect(missing.isEmpty && extra.isEmpty && found.count == expected.count,
                    "\(reading), \(window): not in the calendar: \(missing.prefix(5)); only in the calendar: \(extra.prefix(5))")
        }
    }

    static func key(id: String, date: String, start: Int, name: String) -> String {
        "\(id) \(date) \(start) \(name.debugDescription)"
    }

    /// Runs the oracle on `file`: its occurrences by way of reading the zone.
    static func expand(_ file: String, _ first: String, _ last: String) throws -> [String: Any] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Oracles/expand-ics.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file, first, last]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0,
                     "python3 with icalendar and recurring-ical-events is needed (.ci/run installs them): \(errorText)")
        return try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
    }

    /// Noon UTC of a `YYYY-MM-DD`: the same date in both zones.
    static func date(_ text: String) throws -> Date { try timestamp(text + "T12:00:00Z") }

    static func timestamp(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "not ISO 8601: \(text)")
    }

    static func dayText(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
