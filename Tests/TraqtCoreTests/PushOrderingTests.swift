import Testing
@testable import TraqtCore

/// Apple's ordering as traqt applies it: timestamps order and deduplicate but
/// never set when anything happens; what a device ignores is skipped, what a
/// sender got wrong is refused, each notification on its own.
@Suite("push ordering")
struct PushOrderingTests {
    static let day = LocalDate(year: 2026, month: 11, day: 30)!
    static let midnight = Instant(seconds: LocalZone.instant(of: day.at(TimeOfDay(minutes: 0)!)))

    private func at(_ seconds: Int) -> Instant { Instant(seconds: Self.midnight.seconds + seconds) }

    private func withStore(_ body: (ActivityStore) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/db.sqlite"), createIfMissing: true)
            try store.upsert(Activity(id: "walk", name: "Walk dog", days: .daily, time: TimeOfDay(minutes: 450)!), now: 1)
            try body(store)
        }
    }

    /// An APNs payload for `walk` by `live_activity_id`.
    private func event(_ event: String, _ timestamp: String?, _ extra: String = "") -> String {
        let time = timestamp.map { #","timestamp":\#($0)"# } ?? ""
        return #"{"aps":{"event":"\#(event)"\#(time)\#(extra)},"live_activity_id":"walk"}"#
    }

    private func push(_ notifications: [String], _ store: ActivityStore, at time: Instant) throws -> [PushOutcome] {
        let json = "[" + notifications.joined(separator: ",") + "]"
        return try store.applyPush(PushDocument.notifications(in: Array(json.utf8)[...], token: nil), now: time)
    }

    private func ms(_ seconds: Int) -> PushTimestamp { PushTimestamp(milliseconds: seconds * 1000) }

    @Test("Apple's start example (timestamp 1234) starts now and stays active; its timestamp is kept as sentAt")
    func oldTimestampStartsNow() throws {
        try withStore { store in
            let outcomes = try push([event("start", "1234", #","content-state":{"n":0}"#)], store, at: at(100))
            #expect(outcomes.map(\.done) == [.started(id: "walk")])
            let live = try #require(try store.liveActivities(now: at(100)).first)
            #expect(live.startedAt == at(100) && live.status(at: at(100)) == .active)
            #expect(live.sentAt == ms(1234))
            // Its end ends it then, whatever the timestamp says.
            #expect(try push([event("end", "1300")], store, at: at(160)).map(\.done) == [.ended(id: "walk", elapsedSeconds: 60)])
            #expect(try store.timeSpent(on: Self.day, now: at(500)).map(\.seconds) == [60])
        }
    }

    @Test("an equal timestamp is skipped only for the same request again; a same-second update then end ends it")
    func equalTimestamps() throws {
        try withStore { store in
            let t = String(at(0).seconds)
            _ = try push([event("start", t)], store, at: at(10))
            let update = event("update", t, #","content-state":{"n":1}"#)
            let outcomes = try push([update, update, event("end", t)], store, at: at(20))
            #expect(outcomes.map(\.done) == [.updated(id: "walk"), .skipped(id: "walk", .sameRequest(ms(at(0).seconds))),
                                             .ended(id: "walk", elapsedSeconds: 10)])
        }
    }

    @Test("older is skipped; milliseconds order within a second; local commands take no part")
    func older() throws {
        try withStore { store in
            let t = at(0).seconds
            _ = try push([event("start", "\(t).5")], store, at: at(1))
            _ = try store.applyLive([LiveEvent(id: "walk", change: .update(LiveUpdate(state: .keep)))], now: at(2))
            let outcomes = try push([event("update", "\(t).4"), event("update", "\(t).6")], store, at: at(3))
            #expect(outcomes.map(\.done) == [.skipped(id: "walk", .older(than: PushTimestamp(milliseconds: t * 1000 + 500))),
                                             .updated(id: "walk")])
            // Without a timestamp a push is applied whenever it comes, and moves nothing.
            #expect(try push([event("update", nil)], store, at: at(4)).map(\.done) == [.updated(id: "walk")])
            #expect(try store.liveActivities(now: at(4)).first?.sentAt == PushTimestamp(milliseconds: t * 1000 + 600))
        }
    }

    @Test("anything sent after the end is skipped, never refused, and never voids its neighbours")
    func afterTheEnd() throws {
        try withStore { store in
            let t = at(0).seconds
            _ = try push([event("start", "\(t)"), event("end", "\(t + 1)")], store, at: at(5))
            let outcomes = try push([event("update", "\(t + 2)"), event("end", "\(t + 3)"), event("start", "\(t)"),
                                     #"{"aps":{"event":"end"},"live_activity_id":"nope"}"#], store, at: at(6))
            #expect(outcomes.map(\.done) == [.skipped(id: "walk", .ended(at: at(5))), .skipped(id: "walk", .ended(at: at(5))),
                                             .skipped(id: "walk", .ended(at: at(5))), nil])
            #expect(outcomes.map(\.refusal) == [nil, nil, nil, .unknownID("nope")])
            // A newer start by id starts a new run.
            #expect(try push([event("start", "\(t + 4)")], store, at: at(7)).map(\.done) == [.started(id: "walk")])
        }
    }

    @Test("a start to a running id: skipped when not newer (equal included), refused when newer or untimed")
    func startWhileRunning() throws {
        try withStore { store in
            let t = at(0).seconds
            _ = try push([event("start", "\(t)")], store, at: at(1))
            let outcomes = try push([event("start", "\(t)", #","content-state":{"other":1}"#), event("start", "\(t - 1)"),
                                     event("start", "\(t + 1)"), event("start", nil)], store, at: at(2))
            #expect(outcomes.map(\.done) == [.skipped(id: "walk", .running(since: at(1))),
                                             .skipped(id: "walk", .running(since: at(1))), nil, nil])
            #expect(outcomes.map(\.refusal) == [nil, nil, .alreadyRunning(id: "walk", since: at(1)),
                                                .alreadyRunning(id: "walk", since: at(1))])
        }
    }

    @Test("a timestamp more than a day ahead is refused (TimestampInFuture); a day exactly is not")
    func future() throws {
        try withStore { store in
            let now = at(0)
            let outcomes = try push([event("start", "\(now.seconds + 86_400)"), event("update", "\(now.seconds + 86_401)")],
                                    store, at: now)
            #expect(outcomes.map(\.done) == [.started(id: "walk"), nil])
            #expect(outcomes[1].refusal == .timestampInFuture(ms(now.seconds + 86_401), now: now))
            guard case let .refused(refusal) = outcomes[1].result else { return }
            #expect(refusal.reason == .timestampInFuture && refusal.reason.status == 400)
        }
    }

    @Test("a refused notification changes nothing, and the others are applied")
    func refusedAlone() throws {
        try withStore { store in
            let t = at(0).seconds
            let big = #","content-state":{"x":""# + String(repeating: "a", count: 4100) + #""}"#
            let outcomes = try push([event("start", "\(t)"), event("update", "\(t + 1)", big),
                                     event("update", "\(t + 2)", #","content-state":{"n":2}"#)], store, at: at(1))
            #expect(outcomes.map(\.done) == [.started(id: "walk"), nil, .updated(id: "walk")])
            let payload = #"{"aps":{"event":"update","timestamp":\#(t + 1)\#(big)}}"#
            #expect(outcomes[1].refusal == .payloadTooLarge(bytes: payload.utf8.count))
            #expect(try store.liveActivities(now: at(1)).first?.state == #"{"n":2}"#)
        }
    }

    @Test("an alert is kept with its event and replaced by the next one, a local command's included")
    func alerts() throws {
        try withStore { store in
            _ = try push([event("start", nil, #","alert":{"title":"Walk","body":"Off we go"}"#)], store, at: at(1))
            var live = try #require(try store.liveActivities(now: at(1)).first)
            #expect(live.alert == #"{"title":"Walk","body":"Off we go"}"# && live.alertAt == at(1))
            #expect(live.alert.flatMap(LiveAlert.init(stored:))?.line == "Walk: Off we go")
            _ = try store.applyLive([LiveEvent(id: "walk", change: .update(LiveUpdate()))], now: at(2))
            live = try #require(try store.liveActivities(now: at(2)).first)
            #expect(live.alert == nil && live.alertAt == nil)
        }
    }

    @Test("loc-key alerts are shown with their arguments put in")
    func localizedAlert() {
        #expect(LiveAlert.substitute("%@ is %@ min away", ["Ana", "7"]) == "Ana is 7 min away")
        #expect(LiveAlert.substitute("%2$@ then %1$@, 100%%", ["a", "b"]) == "b then a, 100%")
        #expect(LiveAlert.substitute("%@ %@ %d", ["only"]) == "only  %d")
        let alert = LiveAlert(stored: #"{"title-loc-key":"ETA","loc-key":"%@ min","loc-args":["7"]}"#)
        #expect(alert?.title == "ETA" && alert?.body == "7 min")
    }
}
