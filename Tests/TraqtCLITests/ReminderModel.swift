import Foundation

/// What `due` fires and records and what `summary` shows, computed the plain way
/// from the activity list: every activity on every date, its instant found by
/// walking the clock minute by minute with Foundation's zone data (not traqt's),
/// every rule written out once. The binary's output is compared with it.
struct ReminderModel {
    struct Activity {
        let id: String, name: String, mask: Int, minutes: Int
    }

    struct Occurrence {
        let activity: Activity
        /// Days since 1970-01-01 of the local date.
        let day: Int
        let scheduledAt: Int
        var key: String { activity.id + "|" + String(day) }
    }

    struct Record {
        let status: String
        let scheduledAt: Int
        let firedAt: Int?
    }

    static let retention = 90 * 86_400
    static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    let zone: TimeZone
    /// In list order: time, then name and id as bytes.
    let activities: [Activity]
    private let instants = InstantCache()
    private(set) var state: (knownSince: Int, checkedThrough: Int, prunedBefore: Int)?
    private(set) var records: [String: Record] = [:]

    init(zone: String, activities: [Activity]) {
        self.zone = TimeZone(identifier: zone)!
        self.activities = activities.sorted { a, b in
            if a.minutes != b.minutes { return a.minutes < b.minutes }
            if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
    }

    // MARK: - Time

    func offset(at instant: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The wall clock at `instant` as seconds since 1970-01-01 00:00 local.
    func wall(at instant: Int) -> Int { instant + offset(at: instant) }

    func day(of instant: Int) -> Int { floorDivide(wall(at: instant), 86_400) }

    /// The first instant whose wall clock is at or past `minutes` on `day`: the
    /// time itself, its first occurrence when repeated, the end of the gap when
    /// skipped.
    func scheduledAt(day: Int, minutes: Int) -> Int {
        let target = day * 86_400 + minutes * 60
        if let known = instants.values[target] { return known }
        // Two hours before the naive answer, the wall clock is surely earlier
        // (the zone's offset moves by an hour at most); walk from there.
        var instant = target - offset(at: target) - 7200
        precondition(wall(at: instant) < target)
        while wall(at: instant) < target { instant += 60 }
        instants.values[target] = instant
        return instant
    }

    private final class InstantCache { var values: [Int: Int] = [:] }

    // MARK: - due

    /// One `due` run: what it fires (returned, in order) and what it records.
    mutating func due(now: Int, grace: Int) -> (fired: [Occurrence], missed: [Occurrence]) {
        let state = self.state ?? (now - grace, now, now - grace)
        let floor = max(state.knownSince, state.prunedBefore)
        let fire = (from: max(floor, now - grace), through: now)
        let missedWindow = (from: max(floor, state.checkedThrough - grace, now - Self.retention), through: now - grace - 1)
        func contains(_ window: (from: Int, through: Int), _ instant: Int) -> Bool {
            window.from <= instant && instant <= window.through
        }
        var fired: [Occurrence] = [], missed: [Occurrence] = []
        for day in (day(of: min(fire.from, missedWindow.from)) - 1)...(day(of: now) + 1) {
            for occurrence in occurrences(on: day) where records[occurrence.key] == nil {
                if contains(missedWindow, occurrence.scheduledAt) {
                    records[occurrence.key] = Record(status: "missed", scheduledAt: occurrence.scheduledAt, firedAt: nil)
                    missed.append(occurrence)
                } else if contains(fire, occurrence.scheduledAt) {
                    records[occurrence.key] = Record(status: "fired", scheduledAt: occurrence.scheduledAt, firedAt: now)
                    fired.append(occurrence)
                }
            }
        }
        var prunedBefore = state.prunedBefore
        let old = records.filter { $0.value.scheduledAt < now - Self.retention }
        if let newest = old.values.map(\.scheduledAt).max() {
            records = records.filter { $0.value.scheduledAt > newest }
            prunedBefore = max(prunedBefore, newest + 1)
        }
        self.state = (state.knownSince, max(state.checkedThrough, now), prunedBefore)
        return (fired, missed)
    }

    /// Every activity of `day`'s weekday, with its instant, in time order.
    func occurrences(on day: Int) -> [Occurrence] {
        let bit = 1 << floorModulo(day + 4, 7)  // 1970-01-01 was a Thursday
        // By instant, then in list order.
        return activities.enumerated().filter { $0.element.mask & bit != 0 }
            .map { ($0.offset, Occurrence(activity: $0.element, day: day,
                                          scheduledAt: scheduledAt(day: day, minutes: $0.element.minutes))) }
            .sorted { ($0.1.scheduledAt, $0.0) < ($1.1.scheduledAt, $1.0) }
            .map(\.1)
    }

    /// `due --json`'s line for a fired occurrence.
    func dueJSON(_ occurrence: Occurrence, firedAt: Int) -> String {
        "{" + commonMembers(occurrence) + ",\"firedAt\":" + quoted(iso(firedAt))
            + ",\"lateSeconds\":\(firedAt - occurrence.scheduledAt)}"
    }

    /// What `due --dry-run` says of one that would be recorded as missed.
    func missedLine(_ occurrence: Occurrence) -> String {
        "missed " + clock(occurrence.activity.minutes) + " " + occurrence.activity.name
    }

    // MARK: - summary

    /// `summary --json` of one date.
    func summaryJSON(day: Int, now: Int) -> String {
        let entries = occurrences(on: day).map { occurrence -> String in
            var text = "{" + commonMembers(occurrence) + ",\"status\":"
            if let record = records[occurrence.key] {
                text += quoted(record.status)
                if let firedAt = record.firedAt {
                    text += ",\"firedAt\":" + quoted(iso(firedAt)) + ",\"lateSeconds\":\(firedAt - record.scheduledAt)"
                }
            } else {
                text += quoted(status(of: occurrence, now: now))
            }
            return text + "}"
        }
        return "{\"date\":" + quoted(date(day)) + ",\"weekday\":" + quoted(Self.weekdays[floorModulo(day + 4, 7)])
            + ",\"activities\":[" + entries.joined(separator: ",") + "],\"timeSpent\":[]}"
    }

    /// `summary --week --json` of the week (Monday to Sunday) holding `day`.
    func weekJSON(day: Int, now: Int) -> String {
        let monday = day - floorModulo(day + 3, 7)
        return "{\"weekOf\":" + quoted(date(monday)) + ",\"days\":["
            + (monday..<monday + 7).map { summaryJSON(day: $0, now: now) }.joined(separator: ",") + "],\"timeSpent\":[]}"
    }

    /// An occurrence no run recorded.
    func status(of occurrence: Occurrence, now: Int) -> String {
        if occurrence.scheduledAt > now { return occurrence.day > day(of: now) ? "upcoming" : "pending" }
        guard let state, occurrence.scheduledAt >= max(state.knownSince, state.prunedBefore) else { return "past" }
        return occurrence.scheduledAt > state.checkedThrough ? "pending" : "missed"
    }

    // MARK: - Text

    private func commonMembers(_ occurrence: Occurrence) -> String {
        "\"id\":" + quoted(occurrence.activity.id) + ",\"name\":" + quoted(occurrence.activity.name)
            + ",\"time\":" + quoted(clock(occurrence.activity.minutes))
            + ",\"scheduledAt\":" + quoted(iso(occurrence.scheduledAt))
    }

    /// `2026-11-01T01:30:00-04:00`.
    func iso(_ instant: Int) -> String {
        let wall = wall(at: instant), offset = offset(at: instant)
        let seconds = floorModulo(wall, 86_400)
        return date(floorDivide(wall, 86_400))
            + String(format: "T%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            + String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) / 60 % 60)
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS]±HH:MM`.
    static func instant(_ text: String) -> Int {
        let parts = text.split(whereSeparator: { "-T:+".contains($0) }).map { Int($0)! }
        let (hasSeconds, sign) = (parts.count == 8, text.dropFirst(16).contains("+") ? 1 : -1)
        let offset = sign * (parts[parts.count - 2] * 3600 + parts[parts.count - 1] * 60)
        return day(year: parts[0], month: parts[1], day: parts[2]) * 86_400
            + parts[3] * 3600 + parts[4] * 60 + (hasSeconds ? parts[5] : 0) - offset
    }

    static func day(_ text: String) -> Int {
        let parts = text.split(separator: "-").map { Int($0)! }
        return day(year: parts[0], month: parts[1], day: parts[2])
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func day(year: Int, month: Int, day: Int) -> Int {
        let date = utc.date(from: DateComponents(year: year, month: month, day: day))!
        return Int(date.timeIntervalSince1970) / 86_400
    }

    func date(_ day: Int) -> String {
        let parts = Self.utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(day * 86_400)))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    private func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

func floorDivide(_ a: Int, _ b: Int) -> Int { (a - floorModulo(a, b)) / b }
func floorModulo(_ a: Int, _ b: Int) -> Int { ((a % b) + b) % b }
