import Foundation
import Testing
@testable import TraqtCore

/// 2026-11-29 is a Sunday, so day `29 + n` of that week has `tm_wday` n.
private func moment(weekday: Int, hour: Int, minute: Int, second: Int = 0) throws -> LocalDateTime {
    let (month, day) = weekday == 0 ? (11, 29) : weekday == 1 ? (11, 30) : (12, weekday - 1)
    let value = try #require(LocalDateTime(year: 2026, month: month, day: day, hour: hour, minute: minute, second: second))
    try #require(value.weekday == weekday)
    return value
}

private func activity(_ id: String, mask: Int, minutes: Int) throws -> Activity {
    Activity(id: id, name: id.uppercased(), days: try #require(Weekdays(mask: mask)),
             time: try #require(TimeOfDay(minutes: minutes)))
}

@Suite("PendingFilter: what is still pending today")
struct PendingFilterTests {
    @Test("The filter takes the weekday and the minute of day of its moment")
    func fields() throws {
        let filter = PendingFilter(at: try LocalDateTime.parse("2026-11-29T07:30:59"))
        #expect(filter.weekday == 0)
        #expect(filter.minuteOfDay == 450)
        #expect(filter.weekdayBit == 1)
        #expect(PendingFilter(at: try LocalDateTime.parse("2026-12-05T23:59")).weekdayBit == 64)
    }

    @Test("On every weekday: the current minute is pending, the minute before is not",
          arguments: 0..<7, [0, 1, 59, 60, 449, 450, 451, 719, 720, 1380, 1438, 1439])
    func minuteBoundaries(weekday: Int, minutes: Int) throws {
        let daily = try activity("a", mask: 127, minutes: minutes)
        let onlyToday = try activity("b", mask: 1 << weekday, minutes: minutes)
        let allButToday = try activity("c", mask: 127 & ~(1 << weekday), minutes: minutes)
        let hour = minutes / 60, minute = minutes % 60

        for second in [0, 30, 59] {
            let filter = PendingFilter(at: try moment(weekday: weekday, hour: hour, minute: minute, second: second))
            #expect(filter.includes(daily))
            #expect(filter.includes(onlyToday))
            #expect(!filter.includes(allButToday))
        }
        if minutes > 0 {
            // Still to come a minute earlier.
            let earlier = PendingFilter(at: try moment(weekday: weekday, hour: (minutes - 1) / 60, minute: (minutes - 1) % 60, second: 59))
            #expect(earlier.includes(daily))
            #expect(earlier.includes(onlyToday))
        }
        if minutes < 1439 {
            // Past one minute later.
            let later = PendingFilter(at: try moment(weekday: weekday, hour: (minutes + 1) / 60, minute: (minutes + 1) % 60))
            #expect(!later.includes(daily))
            #expect(!later.includes(onlyToday))
        }
    }

    @Test("07:30 is pending at 07:30:59 and past at 07:31:00")
    func secondsDoNotCount() throws {
        let walk = try activity("walk", mask: 127, minutes: 450)
        #expect(PendingFilter(at: try LocalDateTime.parse("2026-11-29T07:29:00")).includes(walk))
        #expect(PendingFilter(at: try LocalDateTime.parse("2026-11-29T07:30:00")).includes(walk))
        #expect(PendingFilter(at: try LocalDateTime.parse("2026-11-29T07:30:59")).includes(walk))
        #expect(!PendingFilter(at: try LocalDateTime.parse("2026-11-29T07:31:00")).includes(walk))
    }

    @Test("At 00:00 everything of today is pending; at 23:59 only 23:59 is", arguments: 0..<7)
    func dayEdges(weekday: Int) throws {
        let midnight = PendingFilter(at: try moment(weekday: weekday, hour: 0, minute: 0))
        let lastMinute = PendingFilter(at: try moment(weekday: weekday, hour: 23, minute: 59, second: 59))
        for minutes in TimeOfDay.range {
            let item = try activity("x", mask: 1 << weekday, minutes: minutes)
            #expect(midnight.includes(item))
            #expect(lastMinute.includes(item) == (minutes == 1439))
        }
    }

    @Test("Only activities whose mask has today's bit are pending", arguments: 0..<7)
    func weekdayBits(weekday: Int) throws {
        let filter = PendingFilter(at: try moment(weekday: weekday, hour: 0, minute: 0))
        for mask in Weekdays.range {
            let item = try activity("x", mask: mask, minutes: 720)
            #expect(filter.includes(item) == (mask & (1 << weekday) != 0), "mask \(mask)")
        }
    }

    @Test("The store's SQL selects exactly what includes() accepts, in list order")
    func sqlAgreesWithIncludes() throws {
        try withTemporaryDirectory { directory in
            let times = [0, 1, 449, 450, 451, 719, 720, 721, 1438, 1439]
            var activities: [Activity] = []
            for mask in Weekdays.range {
                for minutes in times {
                    activities.append(try activity("m\(mask)-t\(minutes)", mask: mask, minutes: minutes))
                }
            }
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/nested/traqt.sqlite"), createIfMissing: true)
            let outcomes = try store.upsert(contentsOf: activities, now: 1_795_992_723)
            #expect(outcomes.count == activities.count)
            #expect(outcomes.allSatisfy { $0 == .added })
            let stored = try store.allActivities()
            #expect(stored.count == activities.count)

            let reader = try ActivityStore.openForReading(.sqlite(directory + "/nested/traqt.sqlite"))
            for weekday in 0..<7 {
                for minutes in [0, 1, 449, 450, 451, 720, 722, 1438, 1439] {
                    for second in [0, 59] {
                        let filter = PendingFilter(at: try moment(weekday: weekday, hour: minutes / 60, minute: minutes % 60, second: second))
                        var fromSQL: [String] = []
                        try reader.forEachPending(filter) { fromSQL.append($0.id) }
                        let fromSwift = stored.filter(filter.includes).map(\.id)
                        #expect(fromSQL == fromSwift, "weekday \(weekday), minute \(minutes)")
                        // 64 of the 127 masks contain any one day.
                        #expect(fromSQL.count == 64 * times.filter { $0 >= minutes }.count)
                    }
                }
            }
        }
    }

    @Test("Pending activities come back whole, with their timestamps")
    func pendingRecordsAreComplete() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/traqt.sqlite"
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
            let walk = Activity(id: "walk", name: "Walk \"the\" dog 🐕", days: .weekdays, time: try TimeOfDay.parse("07:30"))
            let read = Activity(id: "read", name: "Read", days: .weekends, time: try TimeOfDay.parse("21:00"))
            _ = try store.upsert(contentsOf: [walk, read], now: 1_000)
            let filter = PendingFilter(at: try LocalDateTime.parse("2026-11-30T07:30:59")) // a Monday
            var pending: [Activity] = []
            try store.forEachPending(filter) { pending.append($0) }
            try #require(pending.count == 1)
            #expect(pending[0].hasSameDefinition(as: walk))
            #expect(pending[0].createdAt == 1_000)
            #expect(pending[0].updatedAt == 1_000)
        }
    }

    @Test("A store file that does not exist has nothing pending and is not created")
    func missingStore() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/absent/traqt.sqlite"
            let store = try ActivityStore.openForReading(.sqlite(path))
            var count = 0
            try store.forEachPending(PendingFilter(at: try LocalDateTime.parse("2026-11-29T00:00"))) { _ in count += 1 }
            #expect(count == 0)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: directory + "/absent"))
        }
    }
}
