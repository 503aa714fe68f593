import Foundation
import Testing
@testable import TraqtCore
import TraqtMigrations

/// Push tokens, as ActivityKit issues them: made at each start, rotated, looked
/// up by a raw APNs payload's request, and push-to-start tokens per type.
@Suite("push tokens")
struct PushTokenTests {
    private let now = Instant(seconds: 1_796_000_000)

    private func start(_ id: String) -> LiveEvent { LiveEvent(id: id, change: .start(LiveStart())) }

    private func apns(_ json: String, _ address: LiveAddress) throws -> [PushNotification] {
        try PushDocument.notifications(in: Array(json.utf8)[...], token: nil, addressedTo: address)
    }

    /// What became of a raw APNs payload sent to `address`: what it did, or what refused it.
    private func push(_ json: String, _ address: LiveAddress, _ store: ActivityStore, at time: Instant? = nil)
        throws -> (done: LiveOutcome?, refusal: LiveError?) {
        let outcome = try #require(try store.applyPush(apns(json, address), now: time ?? now).first)
        return (outcome.done, outcome.refusal)
    }

    private func token(of id: String, _ store: ActivityStore) throws -> String? {
        try store.liveActivities(now: now, includeDismissed: true).first { $0.id == id }?.pushToken
    }

    @Test("a token is 64 lowercase hex digits, never the same twice; anything else is not one")
    func shape() throws {
        let tokens = try (0..<1000).map { _ in try PushToken.random().hex }
        #expect(Set(tokens).count == 1000)
        #expect(tokens.allSatisfy { PushToken($0) != nil && $0.utf8.count == 64 })
        // Every digit turns up in some position: the bytes are not a counter or a clock.
        #expect(Set(tokens.joined()).count == 16)
        let good = tokens[0]
        for bad in [good.uppercased(), String(good.dropLast()), good + "0", "", String(repeating: "g", count: 64),
                    " " + good.dropFirst()] {
            #expect(PushToken(bad) == nil, "\(bad)")
        }
        #expect(PushToken(good)?.shortened == String(good.prefix(8)) + "…")
    }

    @Test("a push-to-start id is a version 4 UUID in lowercase")
    func uuid() throws {
        let ids = try (0..<100).map { _ in try RandomBytes.uuid() }
        #expect(Set(ids).count == 100)
        for id in ids {
            let parts = id.split(separator: "-").map(String.init)
            #expect(parts.map(\.count) == [8, 4, 4, 4, 12])
            #expect(parts[2].first == "4" && ["8", "9", "a", "b"].contains(parts[3].first!))
            #expect(UUID(uuidString: id)?.uuidString.lowercased() == id)
        }
    }

    @Test("each start makes a new token; a push addressed by it applies; a rotated one is BadDeviceToken at once")
    func addressed() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("pizza")], now: now)
            let first = try #require(try token(of: "pizza", store))
            #expect(try store.pushToken(ofLive: "pizza", rotate: false).hex == first)
            let update = #"{"aps": {"event": "update", "content-state": {"eta": 7}}}"#
            #expect(try push(update, .pushToken(first), store).done == .updated(id: "pizza"))
            #expect(try store.liveActivities(now: now).first?.state == #"{"eta":7}"#)

            let second = try store.pushToken(ofLive: "pizza", rotate: true).hex
            let current = try token(of: "pizza", store)
            #expect(second != first && current == second)
            #expect(try push(update, .pushToken(first), store).refusal == .unknownPushToken(first))
            #expect(try push(update, .pushToken(second), store).done == .updated(id: "pizza"))
            // By id, for a local sender.
            #expect(try push(#"{"aps": {"event": "end"}}"#, .id("pizza"), store).done == .ended(id: "pizza", elapsedSeconds: 0))

            // A new run of the id is a new activity: the last run's token does not reach it.
            _ = try store.applyLive([start("pizza")], now: Instant(seconds: now.seconds + 5 * 3600))
            let next = try token(of: "pizza", store)
            #expect(next != nil && next != second)
        }
    }

    @Test("a token of a dismissed live activity is Unregistered, with when it stopped working")
    func unregistered() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("pizza")], now: now)
            let token = try store.pushToken(ofLive: "pizza", rotate: false).hex
            _ = try store.applyLive([LiveEvent(id: "pizza", change: .end(LiveEnd(dismissal: .immediate)))], now: now)
            let later = Instant(seconds: now.seconds + 60)
            let outcome = try #require(try store.applyPush(apns(#"{"aps": {"event": "update"}}"#, .pushToken(token)), now: later).first)
            #expect(outcome.refusal == .unregistered(id: "pizza", since: now))
            guard case let .refused(refusal) = outcome.result else { return }
            #expect(refusal.reason == .unregistered && refusal.reason.status == 410 && refusal.since == now)
        }
    }

    @Test("unknown, malformed and empty tokens are BadDeviceToken, and nothing is applied")
    func unknown() throws {
        try withStore { store, _ in
            _ = try store.applyLive([start("pizza")], now: now)
            for token in [try PushToken.random().hex, "abc", "", String(repeating: "A", count: 64)] {
                #expect(try push(#"{"aps": {"event": "end"}}"#, .pushToken(token), store).refusal == .unknownPushToken(token))
            }
            #expect(try store.liveActivities(now: now).map { $0.status(at: now) } == [.active])
        }
    }

    @Test("a push-to-start token is made once per type, and starts a new live activity of its type under a new id")
    func pushToStart() throws {
        try withStore { store, _ in
            let token = try store.pushToStartToken(type: "delivery", now: now).hex
            #expect(try store.pushToStartToken(type: "delivery", now: now).hex == token)
            #expect(try store.pushToStartToken(type: "pizza", now: now).hex != token)
            let body = #"{"aps": {"event": "start", "attributes-type": "delivery", "attributes": {"order": 1}, "#
                + #""content-state": {"eta": 9}, "alert": {"title": "On its way"}}}"#
            let outcome = try push(body, .pushToken(token), store)
            guard case let .started(id, nil)? = outcome.done else { Issue.record("not started: \(outcome)"); return }
            #expect(UUID(uuidString: id) != nil)
            let started = try #require(try store.liveActivities(now: now).first)
            #expect(started.id == id && started.type == "delivery" && started.attributes == #"{"order":1}"#)
            #expect(started.pushToken != nil && started.pushToken != token)
            // Two starts, two live activities; the same request again (a retry) starts nothing more.
            _ = try push(body, .pushToken(token), store)
            #expect(try store.liveActivities(now: now).count == 2)
            let timed = body.replacingOccurrences(of: #""event": "start""#, with: #""event": "start", "timestamp": 1234"#)
            guard case let .started(timedID, nil)? = try push(timed, .pushToken(token), store).done else {
                Issue.record("the timed start did not start")
                return
            }
            #expect(try push(timed, .pushToken(token), store).done == .skipped(id: timedID, .sameRequest(PushTimestamp(milliseconds: 1_234_000))))
            #expect(try store.liveActivities(now: now).count == 3)
        }
    }

    @Test("a push-to-start token takes only a complete start of its own type", arguments: [
        (#"{"aps": {"event": "update"}}"#, LiveError.notAStart(type: "delivery")),
        (#"{"aps": {"event": "start", "attributes-type": "delivery", "alert": "x"}}"#,
         .incompleteStart(type: "delivery", missing: ["attributes"])),
        (#"{"aps": {"event": "start"}}"#, .incompleteStart(type: "delivery", missing: ["attributes-type", "attributes", "alert"])),
        (#"{"aps": {"event": "start", "attributes-type": "pizza", "attributes": {}, "alert": "x"}}"#,
         .wrongType(tokenType: "delivery", given: "pizza")),
    ])
    func pushToStartRefusals(body: String, refusal: LiveError) throws {
        try withStore { store, _ in
            let token = try store.pushToStartToken(type: "delivery", now: now).hex
            #expect(try push(body, .pushToken(token), store).refusal == refusal)
            #expect(try store.liveActivities(now: now, includeDismissed: true).isEmpty)
        }
    }

    @Test("an addressed document is one APNs payload: no id in its body, an aps object", arguments: [
        (#"{"aps": {"event": "end"}, "live_activity_id": "pizza"}"#, "live_activity_id"),
        (#"{"live_activity": {"event": "end"}}"#, "aps"),
        (#"{"aps": 1}"#, "aps"),
        (#"[{"aps": {"event": "end"}}]"#, nil),
    ] as [(String, String?)])
    func addressedShape(json: String, field: String?) {
        #expect {
            try apns(json, .pushToken(String(repeating: "0", count: 64)))
        } throws: { error in
            guard case let .invalid(0, errorField, _, _) = error as? PushError else { return false }
            return errorField == field
        }
    }

    @Test("a run started before tokens has none until asked; asking makes one; a reader never writes")
    func beforeTokens() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/v5.sqlite"
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
            for step in SchemaStep.allCases where step.version <= SchemaStep.dayMarks.version {
                try connection.execute(step.sqlite.sql)
            }
            try connection.execute("""
                PRAGMA application_id = \(0x7472_7174); PRAGMA user_version = \(SchemaStep.dayMarks.version);
                INSERT INTO live_activity VALUES ('old', 'stopwatch', NULL, '{}', '{}', \(now.seconds), \(now.seconds),
                    NULL, NULL, NULL, 28800, 0, NULL)
                """)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let reader = try ActivityStore.openForReading(.sqlite(path))
            #expect(try reader.liveActivities(now: now).map(\.pushToken) == [nil])
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            let writer = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: false)
            #expect(throws: LiveError.unknownID("nope")) { try writer.pushToken(ofLive: "nope", rotate: false) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            let made = try writer.pushToken(ofLive: "old", rotate: false)
            #expect(try writer.pushToken(ofLive: "old", rotate: false) == made)
            #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        }
    }

    @Test("a token another program wrote that traqt could not have made is refused by every reader")
    func foreignToken() throws {
        try withStore { store, path in
            _ = try store.applyLive([start("pizza")], now: now)
            let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
            try connection.execute("UPDATE live_activity SET push_token = 'x\u{1B}[2J'")
            #expect(throws: StoreError.self) { try store.liveActivities(now: now) }
            #expect(throws: StoreError.self) { try store.pushToken(ofLive: "pizza", rotate: false) }
        }
    }
}
