import Foundation
import Testing
@testable import TraqtCore
import TraqtMigrations

/// Live activities and time spent in the store, on real files.
@Suite("live activities in the store")
struct LiveStoreTests {
    static let day = LocalDate(year: 2026, month: 11, day: 30)!
    /// Midnight at the start of `day` and of the day after, in the local zone.
    static let midnight = Instant(seconds: LocalZone.instant(of: day.at(TimeOfDay(minutes: 0)!)))
    static let nextMidnight = Instant(seconds: LocalZone.instant(of: day.adding(days: 1).at(TimeOfDay(minutes: 0)!)))

    private func at(_ seconds: Int) -> Instant { Instant(seconds: Self.midnight.seconds + seconds) }

    private func withStore(_ body: (ActivityStore, String) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/db.sqlite"
            let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
            try store.upsert(Activity(id: "walk", name: "Walk dog", days: .daily, time: TimeOfDay(minutes: 450)!), now: 1)
            try body(store, path)
        }
    }

    private func start(_ id: String, activity: String? = "walk", maxDuration: Int = 8 * 3600) -> LiveEvent {
        LiveEvent(id: id, change: .start(LiveStart(activity: activity.map(LiveStart.Activity.required) ?? .none,
                                                   maxDuration: TimeSpan(seconds: maxDuration))))
    }

    private func end(_ id: String) -> LiveEvent { LiveEvent(id: id, change: .end(LiveEnd())) }

    @Test("a session across midnight counts on each day for its part")
    func acrossMidnight() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("walk")], now: at(-1800))
            #expect(try store.applyLive([end("walk")], now: at(2700)) == [.ended(id: "walk", elapsedSeconds: 4500)])
            let later = at(86_400 * 3)
            #expect(try store.timeSpent(on: Self.day.adding(days: -1), now: later)
                == [TimeSpent(activityId: "walk", name: "Walk dog", seconds: 1800)])
            #expect(try store.timeSpent(on: Self.day, now: later)
                == [TimeSpent(activityId: "walk", name: "Walk dog", seconds: 2700)])
            #expect(try store.timeSpent(on: Self.day.adding(days: 1), now: later).isEmpty)
            #expect(try store.timeSpent(from: at(-600), to: at(600), now: later)
                == [TimeSpent(activityId: "walk", name: "Walk dog", seconds: 1200)])
        }
    }

    @Test("sessions add up per activity; one still running counts up to now, never past its limit")
    func running() throws {
        try withStore { store, _ in
            try store.upsert(Activity(id: "read", name: "Read", days: .daily, time: TimeOfDay(minutes: 600)!), now: 1)
            _ = try store.applyLive([start("walk")], now: at(3600))
            _ = try store.applyLive([end("walk")], now: at(3600 + 600))
            _ = try store.applyLive([start("walk")], now: at(7200))
            _ = try store.applyLive([start("read", activity: "read", maxDuration: 3600)], now: at(7200))
            _ = try store.applyLive([start("other", activity: nil)], now: at(7200))
            let spent = try store.timeSpent(on: Self.day, now: at(7200 + 5400))
            #expect(spent == [TimeSpent(activityId: "read", name: "Read", seconds: 3600),
                              TimeSpent(activityId: "walk", name: "Walk dog", seconds: 600 + 5400)])
            // Before it started, nothing.
            #expect(try store.timeSpent(on: Self.day, now: at(3000)).isEmpty)
        }
    }

    @Test("a session without a limit that still runs counts up to now")
    func unbounded() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("walk", maxDuration: 0)], now: at(-86_400 * 2))
            #expect(try store.timeSpent(on: Self.day, now: at(3600)).map(\.seconds) == [3600])
            #expect(try store.timeSpent(on: Self.day, now: at(86_400 * 5)).map(\.seconds)
                == [Self.nextMidnight.seconds - Self.midnight.seconds])
        }
    }

    @Test("a session keeps the name its activity had when it ended, after the activity is renamed or removed")
    func nameKept() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("walk")], now: at(3600))
            try store.upsert(Activity(id: "walk", name: "Walk the dog", days: .daily, time: TimeOfDay(minutes: 450)!), now: 2)
            _ = try store.applyLive([end("walk")], now: at(7200))
            try store.remove(ids: ["walk"])
            try store.upsert(Activity(id: "walk", name: "Something else", days: .daily, time: TimeOfDay(minutes: 450)!), now: 3)
            #expect(try store.timeSpent(on: Self.day, now: at(9000))
                == [TimeSpent(activityId: "walk", name: "Walk the dog", seconds: 3600)])
        }
    }

    @Test("a dismissed live activity is pruned by the first write 90 days after its dismissal; its time spent stays")
    func pruning() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("walk")], now: at(0))
            _ = try store.applyLive([end("walk")], now: at(60))
            let dismissed = 60 + 4 * 3600, retention = 90 * 86_400
            _ = try store.applyLive([start("x", activity: nil)], now: at(dismissed + retention - 1))
            #expect(try store.liveActivities(now: at(dismissed), includeDismissed: true).map(\.id).contains("walk"))
            _ = try store.applyLive([start("y", activity: nil)], now: at(dismissed + retention))
            #expect(try store.liveActivities(now: at(dismissed), includeDismissed: true).map(\.id) == ["x", "y"])
            #expect(try store.timeSpent(on: Self.day, now: at(0)).isEmpty)
            #expect(try store.timeSpent(on: Self.day, now: at(dismissed + retention)).map(\.seconds) == [60])
        }
    }

    @Test("every write prunes first, an end as a start: the long dismissed one is gone, for live and push alike")
    func everyWritePrunes() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("walk")], now: at(0))
            _ = try store.applyLive([end("walk")], now: at(60))
            let pruned = at(60 + 4 * 3600 + 90 * 86_400)
            #expect(throws: LiveError.unknownID("walk")) { try store.applyLive([self.end("walk")], now: pruned) }
            let push = #"{"live_activity_id": "walk", "aps": {"event": "end"}}"#
            let outcomes = try store.applyPush(PushDocument.notifications(in: Array(push.utf8)[...], token: nil), now: pruned)
            #expect(outcomes.map(\.refusal) == [.unknownID("walk")])
        }
    }

    @Test("a database not yet migrated has no live activities and is read without a change; a write migrates it")
    func unmigrated() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/v2.sqlite"
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
            try connection.execute(migrations[0].sql + ";" + migrations[1].sql)
            try connection.execute("PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = 2")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let reader = try ActivityStore.openForReading(.sqlite(path))
            #expect(try reader.liveActivities(now: at(0), includeDismissed: true).isEmpty)
            #expect(try reader.timeSpent(on: Self.day, now: at(0)).isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            let writer = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: false)
            #expect(try writer.applyLive([start("x", activity: nil)], now: at(0)) == [.started(id: "x")])
            #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        }
    }

    @Test("events apply in one transaction: one refused, none applied")
    func allOrNone() throws {
        try withStore { store, path in
            _ = try store.applyLive([start("a", activity: nil)], now: at(0))
            #expect(throws: LiveError.unknownID("nope")) {
                try store.applyLive([self.end("a"), self.end("nope")], now: at(10))
            }
            #expect(try store.liveActivities(now: at(20)).map { $0.status(at: at(20)) } == [.active])
            #expect(throws: LiveError.alreadyRunning(id: "a", since: at(0))) {
                try store.applyLive([self.start("a", activity: nil)], now: at(30))
            }
            #expect(throws: LiveError.unknownActivity("nope")) {
                try store.applyLive([self.start("b", activity: "nope")], now: at(30))
            }
        }
    }
}
