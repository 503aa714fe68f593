import Testing
@testable import TraqtCore

@Suite("Which instants a due run fires in and records as missed")
struct ReminderWindowTests {
    let hour = 3600

    @Test("the first run fires within grace and records nothing as missed")
    func firstRun() {
        let now = 1_000_000
        let state = ReminderLedger.State(knownSince: now - hour, checkedThrough: now, prunedBefore: now - hour)
        let windows = ReminderLedger.windows(now: now, grace: hour, state: state)
        #expect(windows.fire == (now - hour)...now)
        #expect(windows.missed == nil)
    }

    @Test("after a pause, what passed beyond grace is missed and the grace window fires")
    func afterPause() {
        let now = 1_000_000, last = now - 5 * hour
        let state = ReminderLedger.State(knownSince: 0, checkedThrough: last, prunedBefore: 0)
        let windows = ReminderLedger.windows(now: now, grace: hour, state: state)
        #expect(windows.fire == (now - hour)...now)
        // Exactly grace late still fires; one second more is missed.
        #expect(windows.missed == (last - hour)...(now - hour - 1))
    }

    @Test("nothing before what is known or what was pruned is ever considered")
    func floors() {
        let now = 1_000_000
        let pruned = ReminderLedger.State(knownSince: 0, checkedThrough: now, prunedBefore: now + 1)
        #expect(ReminderLedger.windows(now: now, grace: hour, state: pruned).fire == nil)
        let late = ReminderLedger.State(knownSince: now - 60, checkedThrough: now, prunedBefore: 0)
        #expect(ReminderLedger.windows(now: now, grace: hour, state: late).fire == (now - 60)...now)
    }

    @Test("a date can have records only when its instants, in any zone, meet what runs covered")
    func recordsOfADate() throws {
        let date = try #require(LocalDate(year: 2026, month: 3, day: 9))
        let midnight = date.daysSinceEpoch * 86_400
        func state(from floor: Int, through checked: Int) -> ReminderLedger.State {
            ReminderLedger.State(knownSince: floor, checkedThrough: checked, prunedBefore: 0)
        }
        #expect(state(from: midnight - 86_400, through: midnight + 3600).mayHaveRecords(on: date))
        // Runs that ended on the evening before, even far west of UTC, may have reached it.
        #expect(state(from: 0, through: midnight - 86_400).mayHaveRecords(on: date))
        #expect(!state(from: 0, through: midnight - 2 * 86_400 - 1).mayHaveRecords(on: date))
        // Everything from its days was pruned, or came before the first run.
        #expect(state(from: midnight + 3 * 86_400, through: midnight + 4 * 86_400).mayHaveRecords(on: date))
        #expect(!state(from: midnight + 3 * 86_400 + 1, through: midnight + 4 * 86_400).mayHaveRecords(on: date))
    }

    @Test("a run after a very long pause looks back no further than the retention period")
    func retentionBound() {
        let now = 100_000_000
        let state = ReminderLedger.State(knownSince: 0, checkedThrough: 0, prunedBefore: 0)
        let windows = ReminderLedger.windows(now: now, grace: hour, state: state)
        #expect(windows.missed?.lowerBound == now - ReminderLedger.retentionSeconds)
    }
}
