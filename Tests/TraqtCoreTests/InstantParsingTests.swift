import Testing
@testable import TraqtCore

/// Only forms with a UTC offset: they name one instant whatever the process's
/// zone. Local forms depend on TZ and are tested through the binary.
@Suite("Instant: --now with a UTC offset")
struct InstantParsingTests {
    @Test("offsets name exact instants", arguments: [
        ("2026-11-01T01:30-04:00", 1_793_511_000),
        ("2026-11-01T01:30-05:00", 1_793_514_600),
        ("2026-11-01T05:30Z", 1_793_511_000),
        ("2026-11-01T05:30:00z", 1_793_511_000),
        ("2026-11-01T07:30+0200", 1_793_511_000),
        ("2026-11-01T10:30+05", 1_793_511_000),
        ("2026-11-01 05:30:15Z", 1_793_511_015),
    ])
    func parses(text: String, seconds: Int) throws {
        #expect(try Instant.parse(text).seconds == seconds)
    }

    @Test("malformed times and offsets are refused", arguments: [
        "2026-11-01", "2026-11-01T25:00Z", "2026-11-01T01:30-4", "2026-11-01T01:30+19:00",
        "2026-11-01T01:30 UTC", "2026-11-01T01:30:00:00", "2026-11-01T01:30-04:60",
        "7:30", "24:00", "07:30:60", "07-30", "0730",
    ])
    func refuses(text: String) {
        #expect(throws: InvalidValue.self) { try Instant.parse(text) }
    }

    @Test("moments outside 1970-01-01 … 9999-12-31 in any zone are refused", arguments: [
        "1969-12-29T00:00Z", "0001-01-01T00:00Z", "0000-01-01T00:00Z", "9999-12-31T23:59-14:00",
    ])
    func outsideSupportedDates(text: String) {
        let error = #expect(throws: InvalidValue.self) { try Instant.parse(text) }
        #expect(error?.message == "'\(text)' is outside the dates traqt supports, 1970-01-01 to 9999-12-31")
    }

    @Test("HH:MM alone is that time today, with or without seconds or an offset")
    func timeAlone() throws {
        let today = { LocalDateTime(year: 2026, month: 11, day: 1, hour: 23, minute: 59)! }
        #expect(try Instant.parse("05:30Z", today: today).seconds == 1_793_511_000)
        #expect(try Instant.parse("01:30-04:00", today: today).seconds == 1_793_511_000)
        #expect(try Instant.parse("05:30:15Z", today: today).seconds == 1_793_511_015)
    }

    @Test("the clock is not read for a full date and time")
    func fullFormIgnoresClock() throws {
        let instant = try Instant.parse("2026-11-01T05:30Z", today: { Issue.record("clock read"); return LocalDateTime(year: 2000, month: 1, day: 1)! })
        #expect(instant.seconds == 1_793_511_000)
    }
}
