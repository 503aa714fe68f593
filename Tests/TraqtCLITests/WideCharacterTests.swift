import Foundation
import Testing

/// Columns line up on a terminal when names hold emoji and CJK characters:
/// `⏰` (U+23F0), `☕` (U+2615), `🚴` (U+1F6B4) and each CJK ideograph take two
/// columns, so the padding after them is one space shorter per such character
/// than their count of characters suggests. The expected lines below are
/// counted by hand.
@Suite("wide characters: list and summary line up by display width")
struct WideCharacterTests {
    /// Monday 2026-11-30, before any of the day's activities: all pending.
    static let now = ["--now", "2026-11-30T06:00"]

    static func fixture() throws -> ReminderFixture {
        let fixture = try ReminderFixture()
        try fixture.add("⏰ Wake", id: "⏰-wake", days: "mon,tue", at: "07:00")
        try fixture.add("☕ Coffee", id: "☕-coffee", days: "mon,tue", at: "08:00")
        try fixture.add("日本語", id: "日本", days: "mon,tue", at: "12:00")
        try fixture.add("🚴 Bike to the office", id: "🚴-bike", days: "mon,tue", at: "18:00")
        try fixture.add("Gym", id: "gym", days: "mon,tue", at: "19:00")
        return fixture
    }

    private static func gap(_ count: Int) -> String { String(repeating: " ", count: count) }

    @Test("list: the NAME column starts at the same column after wide ids")
    func list() throws {
        let result = try Self.fixture().traqt(["list"])
        #expect(result.status == 0)
        // ID is 9 columns (`☕-coffee`: 2 + 7) plus 2 between columns:
        // `⏰-wake` and `🚴-bike` take 7, `日本` 4, `gym` 3.
        #expect(result.stdoutLines == [
            "TIME   DAYS     ID" + Self.gap(9) + "NAME",
            "07:00  mon,tue  ⏰-wake" + Self.gap(4) + "⏰ Wake",
            "08:00  mon,tue  ☕-coffee" + Self.gap(2) + "☕ Coffee",
            "12:00  mon,tue  日本" + Self.gap(7) + "日本語",
            "18:00  mon,tue  🚴-bike" + Self.gap(4) + "🚴 Bike to the office",
            "19:00  mon,tue  gym" + Self.gap(8) + "Gym",
        ])
    }

    @Test("summary of a day: the status column starts at the same column after wide names")
    func day() throws {
        let result = try Self.fixture().traqt(["summary"] + Self.now)
        #expect(result.status == 0)
        // The name column is 21 columns (`🚴 Bike to the office`: 2 + 19)
        // plus 2: `⏰ Wake` takes 7, `☕ Coffee` 9, `日本語` 6, `Gym` 3.
        #expect(result.stdoutLines == [
            "Monday 2026-11-30",
            "07:00  ⏰ Wake" + Self.gap(16) + "pending",
            "08:00  ☕ Coffee" + Self.gap(14) + "pending",
            "12:00  日本語" + Self.gap(17) + "pending",
            "18:00  🚴 Bike to the office" + Self.gap(2) + "pending",
            "19:00  Gym" + Self.gap(20) + "pending",
        ])
    }

    @Test("summary --week: grid cells are padded and cut by display width")
    func week() throws {
        let result = try Self.fixture().traqt(["summary", "--week"] + Self.now)
        #expect(result.status == 0)
        // A cell is a mark, a space and the name cut to 14 columns: the bike's
        // `🚴 Bike to th…` is 2 + 11 + 1. Monday's column is that cell's 16
        // columns plus 2: `• ⏰ Wake` takes 9, `• ☕ Coffee` 11, `• 日本語` 8,
        // `• Gym` 5. Columns without activities are as wide as their header.
        #expect(result.stdoutLines == [
            "Week of Monday 2026-11-30",
            "TIME   MON 11-30" + Self.gap(9) + "TUE 12-01" + Self.gap(9)
                + "WED 12-02  THU 12-03  FRI 12-04  SAT 12-05  SUN 12-06",
            "07:00  • ⏰ Wake" + Self.gap(9) + "· ⏰ Wake",
            "08:00  • ☕ Coffee" + Self.gap(7) + "· ☕ Coffee",
            "12:00  • 日本語" + Self.gap(10) + "· 日本語",
            "18:00  • 🚴 Bike to th…" + Self.gap(2) + "· 🚴 Bike to th…",
            "19:00  • Gym" + Self.gap(13) + "· Gym",
            "✓ fired  ✗ failed  ! missed  ✔ done  » skipped  • pending  · upcoming  - past",
        ])
    }
}
