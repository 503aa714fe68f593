import Foundation
import Testing

/// `export --format ics` through the binary: the option, the file's form, the
/// zone as glibc has it, and UIDs across re-exports.
@Suite("export --format ics")
struct CalendarExportTests {
    let directory: TemporaryDirectory
    var database: String { directory.file("traqt.sqlite") }

    init() throws { directory = try TemporaryDirectory() }

    func traqt(_ arguments: [String], tz: String = "America/New_York", stdin: String? = nil) throws -> TraqtProcess.Result {
        try InProcessTraqt.run(arguments, database: database, stdin: stdin, environment: ["TZ": tz])
    }

    /// Imports records `(id, name, days, time, updatedAt)`, all created 2026-01-10.
    func importActivities(_ records: [(String, String, String, String, String)], tz: String = "America/New_York") throws {
        let objects = records.map { ["id": $0.0, "name": $0.1, "days": $0.2, "time": $0.3,
                                     "createdAt": "2026-01-10T12:00:00Z", "updatedAt": $0.4] }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: objects), as: UTF8.self)
        let result = try traqt(["import", "-"], tz: tz, stdin: json)
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The unfolded lines of a calendar, after checking its form: CRLF line
    /// ends, at most 75 octets a line, continuation lines starting with a space.
    static func lines(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        var lines: [String] = []
        for physical in text.components(separatedBy: "\r\n").dropLast() {
            #expect(physical.utf8.count <= 75, "\(physical.utf8.count) octets: \(physical)")
            #expect(!physical.contains("\n") && !physical.contains("\r"))
            if physical.hasPrefix(" ") { lines[lines.count - 1] += physical.dropFirst() } else { lines.append(physical) }
        }
        return lines
    }

    /// `KIND DTSTART FROM TO NAME` for each observance of the VTIMEZONE.
    static func observances(_ lines: [String]) -> [String] {
        var found: [String] = [], current: [String] = []
        var inZone = false
        for line in lines {
            if line == "BEGIN:VTIMEZONE" { inZone = true; continue }
            if line == "END:VTIMEZONE" { break }
            guard inZone else { continue }
            if line == "BEGIN:STANDARD" || line == "BEGIN:DAYLIGHT" { current = [String(line.dropFirst(6))] }
            for property in ["DTSTART:", "TZOFFSETFROM:", "TZOFFSETTO:", "TZNAME:"] where line.hasPrefix(property) {
                current.append(String(line.dropFirst(property.count)))
            }
            if line == "END:STANDARD" || line == "END:DAYLIGHT" { found.append(current.joined(separator: " ")) }
        }
        return found
    }

    @Test("--format json is the default; an unknown format is a usage error")
    func formatOption() throws {
        try importActivities([("walk", "Walk dog", "mon,wed,fri", "07:30", "2026-01-10T12:00:00Z")])
        let plain = try traqt(["export"])
        #expect(plain.status == 0 && plain.stdout.hasPrefix("[\n"))
        #expect(try traqt(["export", "--format", "json"]).stdout == plain.stdout)
        #expect(try traqt(["export", "--format=JSON"]).stdout == plain.stdout)
        let file = directory.file("out.ics")
        let bad = try traqt(["export", "--format", "xml", file])
        #expect(bad.status == 64)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("Error: Invalid value for '--format': unknown format 'xml'; expected json or ics\n"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("the calendar goes to standard output or replaces FILE, in CRLF lines of at most 75 octets")
    func form() throws {
        let long = String(repeating: "Ünïcödé 日本語 👩‍💻, ", count: 6)
        try importActivities([("walk", "Walk dog", "mon,wed,fri", "07:30", "2026-01-10T12:00:00Z"),
                              ("long/名前", long, "daily", "21:00", "2026-01-10T12:00:00Z")])
        let printed = try traqt(["export", "--format", "ics"])
        #expect(printed.status == 0 && printed.stderr.isEmpty)
        let lines = try Self.lines(printed.stdout)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.contains("UID:long%2F%E5%90%8D%E5%89%8D@traqt"))
        #expect(lines.contains("SUMMARY:" + long.replacingOccurrences(of: ",", with: "\\,")))
        #expect(lines.contains("DTSTART;TZID=America/New_York:20260112T073000"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))

        let file = directory.file("traqt.ics")
        try "old".write(toFile: file, atomically: true, encoding: .utf8)
        let written = try traqt(["export", "--format", "ics", file])
        #expect(written.status == 0 && written.stdout.isEmpty)
        // The same database gives the same bytes: DTSTAMP is each activity's last change.
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
    }

    @Test("the VTIMEZONE is glibc's zone, from the first creation year to ten years ahead", arguments: [
        ("America/New_York", ["STANDARD 20260101T000000 -0500 -0500 EST",
                              "DAYLIGHT 20260308T020000 -0500 -0400 EDT", "STANDARD 20261101T020000 -0400 -0500 EST"]),
        ("Europe/Berlin", ["STANDARD 20260101T000000 +0100 +0100 CET",
                           "DAYLIGHT 20260329T020000 +0100 +0200 CEST", "STANDARD 20261025T030000 +0200 +0100 CET"]),
        ("Asia/Tokyo", ["STANDARD 20260101T000000 +0900 +0900 JST"]),
    ])
    func timezone(tz: String, first: [String]) throws {
        try importActivities([("walk", "Walk dog", "daily", "07:30", "2026-01-10T12:00:00Z")], tz: tz)
        let lines = try Self.lines(try traqt(["export", "--format", "ics"], tz: tz).stdout)
        #expect(lines.contains("TZID:\(tz)"))
        let observances = Self.observances(lines)
        #expect(Array(observances.prefix(first.count)) == first)
        guard first.count > 1 else {
            #expect(observances.count == 1)
            return
        }
        // Two changes a year, through the tenth year after this one.
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        #expect(observances.count == 1 + 2 * (thisYear + 10 - 2026 + 1))
        #expect(observances.last?.split(separator: " ")[1].hasPrefix(String(thisYear + 10)) == true)
    }

    @Test("TZ names the zone: a name, a name after ':', a POSIX rule as written, empty as UTC", arguments: [
        (":America/New_York", "America/New_York", "America/New_York"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "\"CET-1CEST,M3.5.0,M10.5.0/3\"", "CET-1CEST\\,M3.5.0\\,M10.5.0/3"),
        ("", "UTC", "UTC"),
    ])
    func zoneNames(tz: String, parameter: String, property: String) throws {
        try importActivities([("walk", "Walk dog", "daily", "07:30", "2026-01-10T12:00:00Z")], tz: tz)
        let lines = try Self.lines(try traqt(["export", "--format", "ics"], tz: tz).stdout)
        #expect(lines.contains("TZID:" + property))
        #expect(lines.contains("DTSTART;TZID=\(parameter):20260110T073000"))
        if tz.hasPrefix("CET") {
            // What glibc makes of the rule.
            #expect(Self.observances(lines).prefix(2) == ["STANDARD 20260101T000000 +0100 +0100 CET",
                                                           "DAYLIGHT 20260329T020000 +0100 +0200 CEST"])
        }
    }

    @Test("a missing database gives a calendar without events and is not created")
    func missingDatabase() throws {
        let result = try traqt(["export", "--format", "ics"])
        #expect(result.status == 0)
        let lines = try Self.lines(result.stdout)
        #expect(lines.contains("BEGIN:VTIMEZONE") && !lines.contains("BEGIN:VEVENT"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("a changed activity keeps its UID, with a later DTSTAMP and a higher SEQUENCE")
    func reexport() throws {
        try importActivities([("walk", "Walk dog", "mon,wed,fri", "07:30", "2026-01-10T12:00:00Z")])
        let before = try Self.lines(try traqt(["export", "--format", "ics"]).stdout)
        try importActivities([("walk", "Walk the dog", "mon,wed,fri", "08:00", "2026-02-01T09:30:00Z")])
        let after = try Self.lines(try traqt(["export", "--format", "ics"]).stdout)
        for lines in [before, after] { #expect(lines.filter { $0.hasPrefix("UID:") } == ["UID:walk@traqt"]) }
        #expect(before.contains("DTSTAMP:20260110T120000Z") && before.contains("SEQUENCE:0"))
        #expect(after.contains("DTSTAMP:20260201T093000Z") && after.contains("SEQUENCE:1891800"))
        #expect(after.contains("DTSTART;TZID=America/New_York:20260112T080000"))
        #expect(after.contains("SUMMARY:Walk the dog"))
    }
}
