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
    ])
    func refuses(text: String) {
        #expect(throws: InvalidValue.self) { try Instant.parse(text) }
    }
}
