#if Postgres
import Foundation
import Testing

/// The same commands on SQLite and on PostgreSQL print the same bytes and exit
/// the same way: every command, its errors, its JSON, across DST and midnight.
@Suite("the same output on every engine")
struct BackendParityTests {
    /// One command line of the scenario, with what it reads on standard input.
    struct Step {
        let arguments: [String]
        var stdin: String?
    }

    static let importFile = """
        [{"id":"tea","name":"Tea 🍵","days":["mon","tue","wed","thu","fri"],"time":"16:00","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-02T00:00:00Z"},
         {"id":"late","name":"Late | night","daysOfWeek":127,"timeOfDay":1439}]
        """

    static let push = """
        {"request":{"notifications":[
          {"live_activity_id":"pizza","live_activity":{"event":"start","timestamp":1793530000,"attributes-type":"delivery","attributes":{"name":"Pizza"},"content-state":{"eta":"19:40"},"relevance-score":50}},
          {"live_activity_id":"pizza","live_activity":{"event":"update","timestamp":1793530060,"content-state":{"eta":"19:45"},"stale-date":1793533600}},
          {"live_activity_id":"pizza","live_activity":{"event":"update","timestamp":1793530000,"content-state":{"eta":"old"}}}
        ]}}
        """

    /// Exercises every command, its text and JSON forms, its errors, the
    /// reminders across the fall-back night, and live activities.
    static let scenario: [Step] = [
        Step(arguments: ["list"]),
        Step(arguments: ["today", "--now", "2026-10-31T06:00"]),
        Step(arguments: ["summary", "--now", "2026-10-31T06:00", "--json"]),
        Step(arguments: ["add", "Walk dog", "--days", "mon,wed,fri", "--at", "7:30"]),
        Step(arguments: ["add", "Meds", "--days", "daily", "--at", "01:30", "--id", "meds"]),
        Step(arguments: ["add", "Standup", "--days", "1-5", "--at", "9:15am", "--id", "standup"]),
        Step(arguments: ["add", "C++ study", "--days", "weekend", "--at", "noon"]),
        Step(arguments: ["add", "C# study", "--days", "weekend", "--at", "noon"]),
        Step(arguments: ["add", "Zoë's \"walk\"", "--days", "mask:65", "--at", "0730"]),
        Step(arguments: ["import", "-"], stdin: importFile),
        Step(arguments: ["import", "-"], stdin: #"[{"id":"x","name":"X","daysOfWeek":0,"timeOfDay":1}]"#),
        Step(arguments: ["list"]),
        Step(arguments: ["list", "--json"]),
        Step(arguments: ["export"]),
        Step(arguments: ["today", "--now", "2026-11-02T08:00"]),
        Step(arguments: ["today", "--now", "2026-11-02T08:00", "--json"]),
        Step(arguments: ["due", "--now", "2026-10-31T23:00"]),
        Step(arguments: ["due", "--json", "--now", "2026-11-01T01:30-04:00"]),
        Step(arguments: ["due", "--json", "--now", "2026-11-01T01:30-05:00"]),
        Step(arguments: ["due", "--dry-run", "--now", "2026-11-02T09:20"]),
        Step(arguments: ["due", "--now", "2026-11-02T09:20"]),
        Step(arguments: ["due", "--now", "2026-11-02T12:00", "--grace", "0"]),
        Step(arguments: ["summary", "--now", "2026-11-02T12:00"]),
        Step(arguments: ["summary", "--now", "2026-11-02T12:00", "--date", "2026-11-01", "--json"]),
        Step(arguments: ["summary", "--now", "2026-11-02T12:00", "--week", "--markdown"]),
        Step(arguments: ["summary", "--now", "2026-11-02T12:00", "--week", "--json"]),
        Step(arguments: ["live", "start", "walk-dog", "--now", "2026-11-02T07:30"]),
        Step(arguments: ["live", "start", "walk-dog", "--now", "2026-11-02T07:31"]),
        Step(arguments: ["live", "update", "walk-dog", "--set", "km=1.5", "--set", "dog=Rex", "--now", "2026-11-02T07:40"]),
        Step(arguments: ["live", "start", "--id", "build", "--type", "ci", "--state", #"{"step":1}"#, "--stale-after", "5m", "--relevance", "10", "--now", "2026-11-02T07:45"]),
        Step(arguments: ["push", "-", "--now", "2026-11-02T07:50"], stdin: push),
        Step(arguments: ["live", "list", "--now", "2026-11-02T08:00"]),
        Step(arguments: ["live", "list", "--json", "--now", "2026-11-02T08:00"]),
        Step(arguments: ["live", "end", "walk-dog", "--now", "2026-11-02T08:15"]),
        Step(arguments: ["live", "end", "nope", "--now", "2026-11-02T08:15"]),
        Step(arguments: ["live", "list", "--all", "--json", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["done", "standup", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["done", "meds", "nope", "--date", "2026-11-03", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["done", "meds", "--date", "2026-11-03", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["skip", "--all", "--from", "2026-11-04", "--to", "thu", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["skip", "walk-dog", "--from", "fri", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["edit", "c-study", "--at", "13:00", "--new-id", "study"]),
        Step(arguments: ["edit", "study", "--new-id", "meds"]),
        Step(arguments: ["today", "--now", "2026-11-03T00:30", "--json"]),
        Step(arguments: ["due", "--now", "2026-11-05T09:20"]),
        Step(arguments: ["summary", "--now", "2026-11-05T09:20", "--week"]),
        Step(arguments: ["summary", "--now", "2026-11-05T09:20", "--date", "2026-11-03", "--json"]),
        Step(arguments: ["undone", "meds", "--date", "2026-11-03", "--now", "2026-11-05T09:20"]),
        Step(arguments: ["unskip", "--all", "--from", "fri", "--to", "2026-11-08", "--now", "2026-11-05T09:20"]),
        Step(arguments: ["unskip", "walk-dog", "--from", "fri", "--now", "2026-11-05T09:20"]),
        Step(arguments: ["summary", "--now", "2026-11-05T09:20", "--date", "fri", "--markdown"]),
        Step(arguments: ["summary", "--now", "2026-11-02T23:00", "--json"]),
        Step(arguments: ["remove", "walk-dog", "nope"]),
        Step(arguments: ["remove", "walk-dog", "tea"]),
        Step(arguments: ["summary", "--now", "2026-11-02T23:00"]),
        Step(arguments: ["list"]),
    ]

    /// Every step's exit status and output on one engine, the database's
    /// location replaced by a placeholder, and so are the times `add` stamps
    /// records with (the real clock's: they differ between the two runs) and
    /// the push tokens (random; checked to be 64 hex digits first).
    private static func transcript(_ backend: Backend) throws -> [String] {
        let database = try TestDatabase(backend)
        let stamp = try NSRegularExpression(pattern: #""(createdAt|updatedAt)":"\#(Self.today)T[0-9:]+Z""#)
        let token = try NSRegularExpression(pattern: #""pushToken":"[0-9a-f]{64}""#)
        return try scenario.map { step in
            let result = try InProcessTraqt.run(step.arguments, database: database.location, stdin: step.stdin,
                                              environment: ["TZ": "America/New_York"])
            let errors = result.stderr.replacingOccurrences(of: database.location, with: "<db>")
            let text = "$ traqt \(step.arguments.joined(separator: " "))\n[\(result.status)]\n\(result.stdout)\(errors)"
            let stamped = stamp.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                         withTemplate: #""$1":"<now>""#)
            return token.stringByReplacingMatches(in: stamped, range: NSRange(stamped.startIndex..., in: stamped),
                                                  withTemplate: #""pushToken":"<token>""#)
        }
    }

    /// Today's date in UTC, as `add` stamps records.
    private static var today: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    @Test("every step of the scenario prints the same bytes and exits the same way")
    func sameOutput() throws {
        let sqlite = try Self.transcript(.sqlite)
        let postgres = try Self.transcript(.postgres)
        #expect(sqlite.count == Self.scenario.count)
        for (expected, found) in zip(sqlite, postgres) {
            #expect(found == expected)
        }
        // The scenario did what it says: reminders fired, a live activity ran.
        #expect(sqlite.contains { $0.contains(#""id":"meds""#) && $0.contains("01:30:00-04:00") })
        #expect(sqlite.contains { $0.contains("ended walk-dog (45:00)") })
        #expect(sqlite.contains { $0.contains("[65]") })
        #expect(sqlite.contains { $0.contains(#""status":"done","doneAt":"2026-11-02T23:00:00-05:00""#) })
        #expect(sqlite.contains { $0.contains("renamed c-study to study") })
    }
}
#endif
