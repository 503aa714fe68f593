import Testing
@testable import TraqtCore

@Suite("LocalDate: calendar arithmetic and --date")
struct LocalDateTests {
    let sunday = LocalDate(year: 2026, month: 11, day: 29)!

    @Test("days since the epoch round-trip across leap years and centuries")
    func roundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate(year: 2024, month: 2, day: 28)!.adding(days: 1).description == "2024-02-29")
        #expect(LocalDate(year: 2100, month: 2, day: 28)!.adding(days: 1).description == "2100-03-01")
    }

    @Test("weekday and Monday of the week")
    func weekday() {
        #expect(sunday.weekday == 0)
        #expect(sunday.mondayOfWeek.description == "2026-11-23")
        #expect(sunday.adding(days: 1).mondayOfWeek.description == "2026-11-30")
        #expect(LocalDate(year: 2026, month: 11, day: 23)!.mondayOfWeek.description == "2026-11-23")
    }

    @Test("today, tomorrow, yesterday and ISO dates")
    func words() throws {
        #expect(try LocalDate.parse("today", today: sunday) == sunday)
        #expect(try LocalDate.parse("Tomorrow", today: sunday).description == "2026-11-30")
        #expect(try LocalDate.parse("yesterday", today: sunday).description == "2026-11-28")
        #expect(try LocalDate.parse("2026-03-08", today: sunday).description == "2026-03-08")
    }

    @Test("a weekday name is the next such day, today included")
    func weekdayNames() throws {
        #expect(try LocalDate.parse("sun", today: sunday) == sunday)
        #expect(try LocalDate.parse("monday", today: sunday).description == "2026-11-30")
        #expect(try LocalDate.parse("SAT", today: sunday).description == "2026-12-05")
    }

    @Test("invalid dates are refused", arguments: ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", "someday", ""])
    func refuses(text: String) {
        #expect(throws: InvalidValue.self) { try LocalDate.parse(text, today: sunday) }
    }

    @Test("dates outside 1970-01-01 … 9999-12-31 are refused, however they are named", arguments: [
        ("1969-12-31", "2026-11-29"), ("0001-01-01", "2026-11-29"), ("0000-01-01", "2026-11-29"),
        ("tomorrow", "9999-12-31"), ("yesterday", "1970-01-01"), ("thu", "9999-12-31"),
    ])
    func outsideSupportedDates(text: String, today: String) throws {
        let today = try LocalDate.parse(today, today: sunday)
        let error = #expect(throws: InvalidValue.self) { try LocalDate.parse(text, today: today) }
        #expect(error?.message == "'\(text)' is outside the dates traqt supports, 1970-01-01 to 9999-12-31")
    }

    @Test("the first and last supported days, and the instants between them in a zone")
    func edges() throws {
        #expect(try LocalDate.parse("today", today: SupportedDates.last) == SupportedDates.last)
        #expect(try LocalDate.parse("fri", today: SupportedDates.last).description == "9999-12-31")
        #expect(try LocalDate.parse("thu", today: SupportedDates.first).description == "1970-01-01")
        #expect(SupportedDates.last.weekday == 5)
        // Whatever the zone, the supported instants span the days in between.
        let instants = SupportedDates.instants()
        let days = SupportedDates.last.daysSinceEpoch + 1
        #expect(abs(instants.upperBound + 1 - instants.lowerBound - days * 86_400) < 86_400)
        #expect(SupportedDates.clip((instants.lowerBound - 100)...(instants.lowerBound + 10))
                == instants.lowerBound...(instants.lowerBound + 10))
        #expect(SupportedDates.clip((instants.lowerBound - 100)...(instants.lowerBound - 1)) == nil)
        #expect(SupportedDates.clip((instants.upperBound - 5)...(instants.upperBound + 5)) == (instants.upperBound - 5)...instants.upperBound)
        // The day after the last is computed, not refused: windows are cut after.
        #expect(Instant(seconds: instants.upperBound + 86_400).localDateTime.year == 10000)
        #expect(Instant(seconds: instants.lowerBound - 86_400).localDate.description == "1969-12-31")
    }
}
