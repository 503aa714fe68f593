#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TraqtCore

@Suite("LocalDateTime: --now parsing and calendar arithmetic")
struct LocalDateTimeTests {
    // MARK: - Parsing

    @Test("YYYY-MM-DDTHH:MM[:SS] is read, with T or a space", arguments: [
        ("2026-11-29T07:30", 2026, 11, 29, 7, 30, 0),
        ("2026-11-29 07:30", 2026, 11, 29, 7, 30, 0),
        ("2026-11-29T07:30:45", 2026, 11, 29, 7, 30, 45),
        ("2026-11-29 07:30:45", 2026, 11, 29, 7, 30, 45),
        ("2026-01-01T00:00:00", 2026, 1, 1, 0, 0, 0),
        ("2026-12-31T23:59:59", 2026, 12, 31, 23, 59, 59),
        ("2028-02-29T12:00", 2028, 2, 29, 12, 0, 0),
        ("2000-02-29T12:00", 2000, 2, 29, 12, 0, 0),
        ("1970-01-01T00:00", 1970, 1, 1, 0, 0, 0),
        ("9999-12-31T23:59", 9999, 12, 31, 23, 59, 0),
    ])
    func parses(text: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) throws {
        let value = try LocalDateTime.parse(text)
        #expect(value.year == year)
        #expect(value.month == month)
        #expect(value.day == day)
        #expect(value.hour == hour)
        #expect(value.minute == minute)
        #expect(value.second == second)
        #expect(value == LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    @Test("Impossible dates and times and malformed text are rejected", arguments: [
        "2026-02-29T07:30",      // 2026 is not a leap year
        "2100-02-29T07:30",      // nor is 2100
        "2026-13-01T07:30",
        "2026-00-10T07:30",
        "2026-04-31T07:30",
        "2026-06-31T07:30",
        "2026-11-00T07:30",
        "2026-01-32T07:30",
        "2026-11-29T25:00",
        "2026-11-29T24:00",
        "2026-11-29T07:60",
        "2026-11-29T07:30:60",
        "2026-11-29T07:30Z",     // trailing junk
        "2026-11-29T07:30:00Z",
        "2026-11-29T07:30:00.5",
        "2026-11-29T07:30 ",
        " 2026-11-29T07:30",
        "2026-11-29",
        "2026-11-29T07",
        "2026-11-29T7:30",
        "2026-1-29T07:30",
        "26-11-29T07:30",
        "2026-11-29t07:30",
        "2026-11-29_07:30",
        "2026/11/29T07:30",
        "2026-11-29T07.30",
        "2026-11-29T07:30.45",
        "2026-11-2xT07:30",
        "+026-11-29T07:30",
        "2026-11-29T-7:30",
        "",
    ])
    func rejects(text: String) {
        let error = #expect(throws: InvalidValue.self) { try LocalDateTime.parse(text) }
        #expect(error?.message.contains("invalid date and time '\(text)'") == true)
        #expect(error?.message.contains("YYYY-MM-DDTHH:MM[:SS]") == true)
    }

    @Test("Dates before 1970 are outside the supported ones, with their own message", arguments: [
        "1969-12-31T23:59:59", "1900-02-29T07:30", "0001-01-01T00:00", "0000-01-01T00:00",
    ])
    func outsideSupportedDates(text: String) {
        let error = #expect(throws: InvalidValue.self) { try LocalDateTime.parse(text) }
        #expect(error?.message == "'\(text)' is outside the dates traqt supports, 1970-01-01 to 9999-12-31")
    }

    @Test("The memberwise initialiser checks every field")
    func initialiserRanges() {
        #expect(LocalDateTime(year: 0, month: 1, day: 1) == nil)
        #expect(LocalDateTime(year: 10000, month: 1, day: 1) == nil)
        #expect(LocalDateTime(year: 2026, month: 0, day: 1) == nil)
        #expect(LocalDateTime(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDateTime(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDateTime(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDateTime(year: 2026, month: 1, day: 1, hour: -1) == nil)
        #expect(LocalDateTime(year: 2026, month: 1, day: 1, minute: 60) == nil)
        #expect(LocalDateTime(year: 2026, month: 1, day: 1, second: 60) == nil)
        #expect(LocalDateTime(year: 2026, month: 1, day: 1, second: -1) == nil)
    }

    @Test("Month lengths follow the Gregorian calendar", arguments: [
        (2026, 1, 31), (2026, 2, 28), (2024, 2, 29), (2000, 2, 29), (1900, 2, 28), (2100, 2, 28),
        (2400, 2, 29), (2026, 3, 31), (2026, 4, 30), (2026, 5, 31), (2026, 6, 30), (2026, 7, 31),
        (2026, 8, 31), (2026, 9, 30), (2026, 10, 31), (2026, 11, 30), (2026, 12, 31),
    ])
    func monthLengths(year: Int, month: Int, days: Int) {
        #expect(daysInMonth(year: year, month: month) == days)
        #expect(LocalDateTime(year: year, month: month, day: days) != nil)
        #expect(LocalDateTime(year: year, month: month, day: days + 1) == nil)
    }

    // MARK: - Description

    @Test("description is ISO 8601 without a zone and reads back", arguments: [
        "2026-11-29T07:30:00", "1970-01-01T00:00:00", "1999-03-04T05:06:07", "9999-12-31T23:59:59",
    ])
    func description(text: String) throws {
        let value = try LocalDateTime.parse(text)
        #expect(value.description == text)
        #expect(try LocalDateTime.parse(value.description) == value)
    }

    @Test("minuteOfDay ignores seconds")
    func minuteOfDay() throws {
        #expect(try LocalDateTime.parse("2026-11-29T00:00:59").minuteOfDay == 0)
        #expect(try LocalDateTime.parse("2026-11-29T07:30:59").minuteOfDay == 450)
        #expect(try LocalDateTime.parse("2026-11-29T23:59:59").minuteOfDay == 1439)
    }

    // MARK: - Weekday

    @Test("weekday is tm_wday (0 = Sunday) for known dates", arguments: [
        ("2026-11-29", 0),
        ("2026-11-30", 1),
        ("2026-12-05", 6),
        ("2000-01-01", 6),
        ("1970-01-01", 4),
        ("1969-12-31", 3),
        ("2024-02-29", 4),
        ("2001-09-11", 2),
        ("1900-01-01", 1),
        ("1600-01-01", 6),
        ("0001-01-01", 1),
        ("9999-12-31", 5),
        ("2038-01-19", 2),
        ("2026-03-08", 0),
    ])
    func knownWeekdays(date: String, weekday: Int) throws {
        // The arithmetic holds before 1970 too, where parsing refuses dates.
        let parts = date.split(separator: "-").compactMap { Int($0) }
        func at(_ hour: Int, _ minute: Int, _ second: Int) throws -> LocalDateTime {
            try #require(LocalDateTime(year: parts[0], month: parts[1], day: parts[2], hour: hour, minute: minute, second: second))
        }
        #expect(try at(12, 0, 0).weekday == weekday)
        // The time of day has no part in it.
        #expect(try at(0, 0, 0).weekday == weekday)
        #expect(try at(23, 59, 59).weekday == weekday)
    }

    @Test("weekday and days since the epoch agree with glibc's timegm/gmtime_r for every day of 1890…2110")
    func agreesWithGlibc() throws {
        let first = daysSinceEpoch(year: 1890, month: 1, day: 1)
        let last = daysSinceEpoch(year: 2110, month: 12, day: 31)
        var mismatches: [String] = []
        var checked = 0
        for dayNumber in first...last {
            var seconds = time_t(dayNumber * 86_400 + 43_200)
            var parts = tm()
            try #require(gmtime_r(&seconds, &parts) != nil)
            let year = Int(parts.tm_year) + 1900, month = Int(parts.tm_mon) + 1, day = Int(parts.tm_mday)
            let value = try #require(LocalDateTime(year: year, month: month, day: day, hour: 12))
            if value.weekday != Int(parts.tm_wday) || daysSinceEpoch(year: year, month: month, day: day) != dayNumber {
                mismatches.append(value.description)
            }
            // And back the other way: timegm of the fields is the same day.
            var back = tm()
            back.tm_year = Int32(year - 1900)
            back.tm_mon = Int32(month - 1)
            back.tm_mday = Int32(day)
            back.tm_hour = 12
            if Int(timegm(&back)) != dayNumber * 86_400 + 43_200 { mismatches.append("timegm " + value.description) }
            checked += 1
        }
        #expect(checked == 80_718)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test("weekday steps by one each day across month, year and century ends")
    func consecutiveDays() throws {
        var previous: Int?
        var checked = 0
        for year in [1899, 1900, 1999, 2000, 2023, 2024, 2099, 2100] {
            for month in 1...12 {
                for day in 1...daysInMonth(year: year, month: month) {
                    let weekday = try #require(LocalDateTime(year: year, month: month, day: day)).weekday
                    #expect((0...6).contains(weekday))
                    if let previous, day > 1 || month > 1 {
                        #expect(weekday == (previous + 1) % 7, "\(year)-\(month)-\(day)")
                    }
                    previous = weekday
                    checked += 1
                }
            }
        }
        #expect(checked == 365 * 6 + 366 * 2)
    }

    @Test("Leap years follow the 4/100/400 rule", arguments: [
        (1600, true), (1700, false), (1900, false), (2000, true), (2023, false), (2024, true),
        (2026, false), (2028, true), (2100, false), (2400, true), (4, true), (1, false),
    ])
    func leapYears(year: Int, leap: Bool) {
        #expect(isLeapYear(year) == leap)
    }

    @Test("current() is a valid wall-clock time")
    func current() throws {
        let now = LocalDateTime.current()
        #expect(LocalDateTime(year: now.year, month: now.month, day: now.day,
                              hour: now.hour, minute: now.minute, second: now.second) == now)
        #expect(now.year >= 2024)
        #expect(try LocalDateTime.parse(now.description) == now)
    }
}

@Suite("Timestamp: instants shown in UTC")
struct TimestampTests {
    @Test("iso8601 shows whole seconds in UTC with a Z", arguments: [
        (0, "1970-01-01T00:00:00Z"),
        (1, "1970-01-01T00:00:01Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (1_795_992_723, "2026-11-29T22:52:03Z"),
        (2_147_483_648, "2038-01-19T03:14:08Z"),
    ])
    func iso8601(seconds: Int, text: String) {
        #expect(Timestamp.iso8601(seconds) == text)
    }

    @Test("now() is the system clock in seconds")
    func now() {
        let before = Int(time(nil))
        let value = Timestamp.now()
        let after = Int(time(nil))
        #expect(before <= value && value <= after)
    }
}
