import Foundation
import Testing
import TraqtCore

/// Broadcast channels (iOS 18) and what a start hands back (`input-push-token`),
/// through the command line, on every engine the build has.
@Suite("broadcast channels and push answers")
struct PushChannelCommandTests {
    static let now = ["--now", "2026-11-30T12:00"]

    private func start(_ id: String, channel: String?, token: Bool = false) -> String {
        let channelMember = channel.map { #","input-push-channel":"\#($0)""# } ?? ""
        return #"{"live_activity_id":"\#(id)","aps":{"event":"start","content-state":{"score":0}\#(channelMember)"#
            + (token ? #","input-push-token":1"# : "") + "}}"
    }

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test("a channel id is base64 of 16 random bytes; list shows it with its name and subscribers")
    func create() throws {
        let fixture = try LiveFixture(activity: false)
        let ids = try (0..<3).map { _ in try fixture.succeed(["live", "channel", "create", "scores"] + Self.now).trimmingCharacters(in: .newlines) }
        #expect(Set(ids).count == 3)
        for id in ids {
            #expect(Data(base64Encoded: id)?.count == 16, "\(id)")
            #expect(id.utf8.count == 24)
        }
        let listed = try #require(JSONSerialization.jsonObject(with: Data(try fixture.succeed(["live", "channel", "list", "--json"]).utf8))
            as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["id"] as? String }) == Set(ids))
        #expect(listed.allSatisfy { $0["name"] as? String == "scores" && $0["subscribers"] as? Int == 0 })
        #expect(try fixture.traqt(["live", "channel", "create", " "]).status == 64)
    }

    @Test("push --channel applies one update to every subscriber, 1,000 of them, in one transaction; others are untouched",
          arguments: Backend.all)
    func broadcast(backend: Backend) throws {
        let fixture = try LiveFixture(activity: false, backend: backend)
        let channel = try fixture.succeed(["live", "channel", "create"] + Self.now).trimmingCharacters(in: .newlines)
        let starts = (0..<1000).map { start("fan-\($0)", channel: channel) } + [start("other", channel: nil)]
        #expect(try fixture.succeed(["push"] + Self.now, stdin: "[" + starts.joined(separator: ",") + "]").split(separator: "\n").count == 1001)
        let update = #"{"aps":{"event":"update","timestamp":1796040000,"content-state":{"score":3},"alert":{"title":"Goal"}}}"#
        let output = try fixture.succeed(["push", "--channel", channel] + Self.now, stdin: update)
        #expect(output.split(separator: "\n").count == 1000)
        #expect(output.hasPrefix("updated fan-0\n"))
        let listed = try fixture.list(now: "2026-11-30T12:00")
        let fans = listed.filter { ($0["id"] as! String).hasPrefix("fan-") }
        #expect(fans.count == 1000)
        #expect(fans.allSatisfy { $0["state"] as? [String: Int] == ["score": 3] && $0["channel"] as? String == channel })
        #expect(fans.allSatisfy { ($0["alert"] as? [String: String]) == ["title": "Goal"] })
        #expect(listed.first { $0["id"] as? String == "other" }?["state"] as? [String: Int] == ["score": 0])
        // The same broadcast again is skipped by each; the channel list counts them.
        #expect(try fixture.succeed(["push", "--channel", channel] + Self.now, stdin: update).split(separator: "\n")
            .allSatisfy { $0.hasSuffix("the same request again (timestamp 1796040000)") })
        #expect(try fixture.succeed(["live", "channel", "list"]).contains("1000 subscribers"))
    }

    @Test("an unknown channel is BadChannelId, at a start and in a broadcast; a broadcast start is refused; delete unsubscribes")
    func unknownChannel() throws {
        let fixture = try LiveFixture(activity: false)
        let unknown = try fixture.traqt(["push", "--json"] + Self.now, stdin: start("a", channel: "bm9wZQ=="))
        #expect(unknown.status == 65)
        #expect(try objects(unknown.stdout).first?["reason"] as? String == "BadChannelId")
        #expect(try fixture.list(now: "2026-11-30T12:00", all: true).isEmpty)
        let broadcast = try fixture.traqt(["push", "--channel", "bm9wZQ=="] + Self.now, stdin: #"{"aps":{"event":"end"}}"#)
        #expect(broadcast.status == 65 && broadcast.stderr.contains("(BadChannelId)"), "\(broadcast.stderr)")
        let channel = try fixture.succeed(["live", "channel", "create"]).trimmingCharacters(in: .newlines)
        try fixture.succeed(["push"] + Self.now, stdin: start("a", channel: channel))
        let startOnChannel = try fixture.traqt(["push", "--channel", channel] + Self.now, stdin: #"{"aps":{"event":"start"}}"#)
        #expect(startOnChannel.status == 65 && startOnChannel.stderr.contains("takes updates and ends, not a start"))
        #expect(try fixture.succeed(["live", "channel", "delete", channel]) == "deleted channel \(channel)\n")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["channel"] is NSNull)
        #expect(try fixture.traqt(["live", "channel", "delete", channel]).status == 65)
    }

    @Test("input-push-token: the start prints the new token, which then addresses it")
    func inputPushToken() throws {
        let fixture = try LiveFixture(activity: false)
        let output = try fixture.succeed(["push"] + Self.now, stdin: start("match", channel: nil, token: true))
        let words = output.split(separator: " ").map(String.init)
        #expect(words.count == 4 && words[0] == "started" && words[1] == "match" && words[2] == "token")
        let token = words[3].trimmingCharacters(in: .newlines)
        #expect(PushToken(token) != nil)
        #expect(try fixture.succeed(["live", "token", "match"]) == token + "\n")
        let json = try fixture.traqt(["push", "--json"] + Self.now,
                                     stdin: #"{"live_activity_id":"next","aps":{"event":"start","input-push-token":1}}"#)
        let answer = try #require(try objects(json.stdout).first)
        #expect(PushToken(answer["token"] as? String ?? "") != nil && answer["outcome"] as? String == "applied")
    }

    @Test("--json answers as APNs would: index, id, token, event, outcome, reason, status, timestamp, apnsId")
    func jsonAnswer() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let token = try fixture.succeed(["live", "token", "pizza"]).trimmingCharacters(in: .newlines)
        let id = "123E4567-E89B-12D3-A456-426655440000"
        let applied = try fixture.traqt(["push", "--json", "--token", token, "--apns-id", id] + Self.now,
                                        stdin: #"{"aps":{"event":"end","dismissal-date":1796032800}}"#)
        #expect(applied.status == 0)
        let answer = try #require(try objects(applied.stdout).first)
        #expect(Set(answer.keys) == ["index", "id", "token", "event", "outcome", "reason", "status", "timestamp", "apnsId", "message"])
        #expect(answer["apnsId"] as? String == id && answer["token"] as? String == token && answer["status"] as? Int == 200)
        #expect(answer["event"] as? String == "end" && answer["reason"] is NSNull)
        // Unregistered says since when, in milliseconds, as APNs does.
        let gone = try fixture.traqt(["push", "--json", "--token", token, "--now", "2026-11-30T12:01"],
                                     stdin: #"{"aps":{"event":"update"}}"#)
        #expect(gone.status == 65)
        let refused = try #require(try objects(gone.stdout).first)
        #expect(refused["reason"] as? String == "Unregistered" && refused["status"] as? Int == 410)
        // Dismissed at the end (12:00): a dismissal date before the end counts from it.
        #expect(refused["timestamp"] as? Int == 1_796_040_000_000)
        #expect(UUID(uuidString: refused["apnsId"] as? String ?? "") != nil)
        // A bad apns-id, or one for several notifications, is a usage error: nothing is read.
        #expect(try fixture.traqt(["push", "--apns-id", "nope"] + Self.now, stdin: "{}").status == 64)
        let two = #"[{"live_activity_id":"a","aps":{"event":"start"}},{"live_activity_id":"b","aps":{"event":"start"}}]"#
        #expect(try fixture.traqt(["push", "--apns-id", id] + Self.now, stdin: two).status == 64)
        #expect(try fixture.list(now: "2026-11-30T12:00").count == 0)
    }

    @Test("the last event's alert is shown by live status and watch until the next event (the screen: GlanceScreenAlertTests)")
    func alertShown() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["push"] + Self.now, stdin: #"{"live_activity_id":"pizza","aps":{"event":"start","alert":{"title":"Pizza","body":"In the oven"}}}"#)
        #expect(try fixture.succeed(["live", "status"] + Self.now) == "⏱ 00:00 pizza · Pizza: In the oven\n")
        // watch --json prints the objects of live list --json.
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["alert"] as? [String: String] == ["title": "Pizza", "body": "In the oven"])
        try fixture.succeed(["live", "update", "pizza", "--set", "eta=5"] + Self.now)
        #expect(try fixture.succeed(["live", "status"] + Self.now) == "⏱ 00:00 pizza\n")
    }

    @Test("vendors' bodies through push: recognized by their members, or named with --vendor; request values with it")
    func vendors() throws {
        let fixture = try LiveFixture(activity: false)
        try fixture.succeed(["live", "start", "--id", "order-1"] + Self.now)
        let braze = #"{"app_id":"app","activity_id":"order-1","content_state":{"eta":5},"stale_date":"2026-11-30T13:00:00.500Z"}"#
        #expect(try fixture.succeed(["push"] + Self.now, stdin: braze) == "updated order-1\n")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["staleAt"] as? String == "2026-11-30T13:00:00+00:00")
        let oneSignal = #"{"event":"update","event_updates":{"eta":4},"name":"eta","contents":{"en":"4 minutes"}}"#
        #expect(try fixture.succeed(["push", "--vendor", "onesignal", "--id", "order-1"] + Self.now, stdin: oneSignal) == "updated order-1\n")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["alert"] as? [String: String] == ["body": "4 minutes"])
        let missingID = try fixture.traqt(["push", "--vendor", "onesignal"] + Self.now, stdin: oneSignal)
        #expect(missingID.status == 65 && missingID.stderr.contains("--id"), "\(missingID.stderr)")
        let pushwoosh = #"{"request":{"auth":"k","notifications":[{"live_activity_id":"order-1","live_activity":{"content-state":{"eta":3}}}]}}"#
        #expect(try fixture.succeed(["push", "--vendor", "pushwoosh", "--endpoint", "updateLiveActivity"] + Self.now, stdin: pushwoosh)
            == "updated order-1\n")
        let token = try fixture.succeed(["live", "token", "order-1"]).trimmingCharacters(in: .newlines)
        let firebase = #"{"message":{"token":"fcm","apns":{"live_activity_token":"\#(token)","payload":{"aps":{"event":"end"}}}}}"#
        #expect(try fixture.succeed(["push"] + Self.now, stdin: firebase) == "ended order-1\n")
        #expect(try fixture.traqt(["push", "--vendor", "acme"] + Self.now, stdin: "{}").status == 64)
        #expect(try fixture.traqt(["push", "--endpoint", "updateLiveActivity"] + Self.now, stdin: "{}").status == 64)
        #expect(try fixture.traqt(["push", "--vendor", "braze", "--token", token] + Self.now, stdin: "{}").status == 64)
    }
}
