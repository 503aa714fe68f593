import Foundation
import Testing
@testable import TraqtCLI

/// `summary --week` as text fits the terminal: `COLUMNS`, else the terminal's
/// width, else cells of 16 columns. Widths are counted as the grid counts them.
@Suite("the week grid fits the terminal's width")
struct WeekGridWidthTests {
    static let now = ["--now", "2026-11-30T07:00"]

    static func fixture() throws -> ReminderFixture {
        let fixture = try ReminderFixture()
        try fixture.add("Walk dog", id: "walk-dog", at: "07:30")
        try fixture.add("🚴 Bike ride to the office", id: "bike", days: "weekdays", at: "08:00")
        try fixture.add("Call the insurance company back", id: "call", days: "sun", at: "09:00")
        try fixture.add("Standup", id: "standup", days: "weekdays", at: "09:15")
        try fixture.add("Lunch | break", id: "lunch", at: "12:00")
        return fixture
    }

    static func week(_ fixture: ReminderFixture, columns: String?) throws -> [String] {
        let environment = ReminderFixture.newYork.merging(columns.map { ["COLUMNS": $0] } ?? [:]) { $1 }
        let result = try InProcessTraqt.run(["summary", "--week"] + now, database: fixture.database, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutLines
    }

    static func widest(_ lines: [String]) -> Int { lines.map(TextColumns.displayWidth).max() ?? 0 }

    @Test("no limit, or one the grid fits in: cells of 16 columns, names cut at 14")
    func noLimit() throws {
        let fixture = try Self.fixture()
        let free = try Self.week(fixture, columns: nil)
        // Monday's widest cell is a mark, a space and 14 columns of name: 16.
        #expect(free[1].hasPrefix("TIME   MON 11-30         TUE 12-01"))
        #expect(free.contains { $0.hasSuffix("· Call the insu…") })
        for columns in ["200", "", "0", "-5", "wide"] {
            #expect(try Self.week(fixture, columns: columns) == free, "COLUMNS=\(columns)")
        }
    }

    @Test("COLUMNS=80: names are cut, then the headers lose the month; nothing passes column 80")
    func eighty() throws {
        let lines = try Self.week(Self.fixture(), columns: "80")
        #expect(Self.widest(lines) <= 80)
        // Full headers need 82 columns at least; short ones leave names 6.
        #expect(lines[1] == "TIME   MON 30    TUE 01    WED 02    THU 03    FRI 04    SAT 05    SUN 06")
        let walk = try #require(lines.first { $0.hasPrefix("07:30") })
        #expect(walk.hasPrefix("07:30  • Walk …  · Walk …"))
        #expect(lines.contains { $0.contains("· 🚴") && $0.contains("…") })
    }

    @Test("any width the grid can fit in is never passed; below that, the narrowest grid")
    func everyWidth() throws {
        let fixture = try Self.fixture()
        let free = Self.widest(try Self.week(fixture, columns: nil))
        // Seven columns of six (a mark, a space, four columns of name or "MON 30"),
        // TIME and the spaces between: 61.
        for width in [61, 62, 75, 96, 110, free - 1, free] {
            let lines = try Self.week(fixture, columns: "\(width)")
            #expect(Self.widest(lines) <= width, "COLUMNS=\(width)")
            #expect(Self.widest(lines) >= width - 7, "COLUMNS=\(width): room left unused")
        }
        #expect(Self.widest(try Self.week(fixture, columns: "40")) == 61)
    }

    @Test("on a terminal without COLUMNS, the terminal's own width")
    func terminal() throws {
        let fixture = try Self.fixture()
        let command = "stty cols 90 rows 40; exec \"$TRAQT\" summary --week --now 2026-11-30T07:00"
        let run = try runShell("script -qec '\(command)' /dev/null", database: fixture.database,
                               environment: ReminderFixture.newYork.merging(["NO_COLOR": "1"]) { $1 })
        #expect(run.status == 0)
        let lines = run.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(Self.widest(lines) <= 90)
        #expect(Self.widest(lines) > 80)
    }
}
