import Testing
@testable import TraqtCore

@Suite("TimeSpan parsing (--grace)")
struct DurationTests {
    @Test("seconds, minutes, hours and days", arguments: [
        ("90s", 90), ("15m", 900), ("2h", 7200), ("1d", 86_400), ("1h30m", 5400), ("0m", 0), (" 60M ", 3600),
    ])
    func parses(text: String, seconds: Int) throws {
        #expect(try TimeSpan.parse(text).seconds == seconds)
    }

    @Test("a bare number, an unknown unit, a unit alone or a negative value is refused",
          arguments: ["", "90", "15x", "m", "-5m", "1.5h", "h1", "5m3"])
    func refuses(text: String) {
        #expect(throws: InvalidValue.self) { try TimeSpan.parse(text) }
    }

    @Test("more than a year is refused without overflowing")
    func refusesHuge() {
        #expect(throws: InvalidValue.self) { try TimeSpan.parse("400d") }
        #expect(throws: InvalidValue.self) { try TimeSpan.parse("99999999999999999999s") }
    }

    @Test("description reads back")
    func roundTrip() throws {
        for seconds in [0, 59, 60, 90, 3600, 5400] {
            let span = TimeSpan(seconds: seconds)
            #expect(try TimeSpan.parse(span.description) == span)
        }
    }
}
