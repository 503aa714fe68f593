import Foundation
import Testing
import TraqtCore

/// `traqt live token` and `traqt push --token/--id`: a sender's view of
/// addressing, on every engine the build has.
@Suite("push tokens on the command line")
struct PushTokenCommandTests {
    static let now = ["--now", "2026-11-30T12:00"]

    private func isToken(_ text: String) -> Bool { PushToken(text) != nil }

    @Test("live token prints the token live list shows; push --token applies a raw APNs payload to it",
          arguments: Backend.all)
    func tokenAddressing(backend: Backend) throws {
        let fixture = try LiveFixture(backend: backend)
        try fixture.succeed(["live", "start", "--id", "pizza", "--state", #"{"eta":12}"#] + Self.now)
        let token = try fixture.succeed(["live", "token", "pizza"]).trimmingCharacters(in: .newlines)
        #expect(isToken(token))
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["pushToken"] as? String == token)
        let update = #"{"aps": {"event": "update", "content-state": {"eta": 7}}}"#
        #expect(try fixture.succeed(["push", "--token", token] + Self.now, stdin: update) == "updated pizza\n")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == ["eta": 7])
        #expect(try fixture.succeed(["push", "--id", "pizza"] + Self.now, stdin: #"{"aps": {"event": "end"}}"#)
            == "ended pizza\n")
        #expect(try fixture.statuses(now: "2026-11-30T12:00")["pizza"] == "ended")
        // By id as by live_activity_id: a start of an activity's id runs on that activity.
        #expect(try fixture.succeed(["push", "--id", "walk-dog"] + Self.now, stdin: #"{"aps": {"event": "start"}}"#)
            == "started walk-dog\n")
        let walk = try fixture.list(now: "2026-11-30T12:00").first { $0["id"] as? String == "walk-dog" }
        #expect(walk?["activityId"] as? String == "walk-dog")
    }

    @Test("a rotated token stops working at once: BadDeviceToken (65), nothing applied, 8 digits shown",
          arguments: Backend.all)
    func rotation(backend: Backend) throws {
        let fixture = try LiveFixture(backend: backend)
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let old = try fixture.succeed(["live", "token", "pizza"]).trimmingCharacters(in: .newlines)
        let new = try fixture.succeed(["live", "token", "pizza", "--rotate"]).trimmingCharacters(in: .newlines)
        #expect(isToken(new) && new != old)
        #expect(try fixture.succeed(["live", "token", "pizza"]) == new + "\n")
        let refused = try fixture.traqt(["push", "--token", old] + Self.now,
                                        stdin: #"{"aps": {"event": "update", "content-state": {"x": 1}}}"#)
        #expect(refused.status == 65 && refused.stdout.isEmpty)
        #expect(refused.stderr == "Error: standard input: notification 0: no live activity has the push token '"
            + old.prefix(8) + "…' (BadDeviceToken); nothing was applied\n")
        #expect(!refused.stderr.contains(old))
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == [:])
    }

    @Test("a push-to-start token starts a new live activity of its type; an incomplete start is refused",
          arguments: Backend.all)
    func pushToStart(backend: Backend) throws {
        let fixture = try LiveFixture(backend: backend)
        let token = try fixture.succeed(["live", "token", "--push-to-start", "delivery"]).trimmingCharacters(in: .newlines)
        #expect(try fixture.succeed(["live", "token", "--push-to-start", "delivery"]) == token + "\n")
        let incomplete = try fixture.traqt(["push", "--token", token] + Self.now,
                                           stdin: #"{"aps": {"event": "start", "attributes-type": "delivery"}}"#)
        #expect(incomplete.status == 65)
        #expect(incomplete.stderr.contains("must carry 'attributes', 'alert'"))
        let start = #"{"aps": {"event": "start", "attributes-type": "delivery", "attributes": {"order": 17}, "#
            + #""alert": {"title": "Order 17"}}}"#
        let started = try fixture.succeed(["push", "--token", token] + Self.now, stdin: start)
        let id = String(started.dropFirst("started ".count).dropLast())
        #expect(started.hasPrefix("started ") && UUID(uuidString: id) != nil)
        let listed = try fixture.list(now: "2026-11-30T12:00")
        #expect(listed.map { $0["id"] as? String } == [id] && listed[0]["type"] as? String == "delivery")
    }

    @Test("usage: an id or --push-to-start, not both; --rotate with an id; --token or --id, not both (64)", arguments: [
        ["live", "token"], ["live", "token", "pizza", "--push-to-start", "x"], ["live", "token", "--push-to-start", "x", "--rotate"],
        ["live", "token", "--push-to-start", ""], ["push", "--token", "a", "--id", "pizza"],
    ])
    func usage(arguments: [String]) throws {
        let fixture = try LiveFixture()
        let before = try fixture.bytes()
        let result = try fixture.traqt(arguments, stdin: "{}")
        #expect(result.status == 64 && result.stdout.isEmpty && result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(try fixture.bytes() == before)
    }

    @Test("an unknown id has no token (65); a body naming an id is refused when the request addresses it")
    func refusals() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let before = try fixture.bytes()
        let unknown = try fixture.traqt(["live", "token", "nope"])
        #expect(unknown.status == 65 && unknown.stderr == "Error: no live activity with id 'nope'; nothing was changed\n")
        let named = try fixture.traqt(["push", "--id", "pizza"] + Self.now,
                                      stdin: #"{"aps": {"event": "end"}, "live_activity_id": "pizza"}"#)
        #expect(named.status == 65 && named.stderr.contains("field 'live_activity_id'"))
        #expect(try fixture.bytes() == before)
    }

    @Test("with TRAQT_PUSH_TOKEN, a raw payload needs TRAQT_PUSH_AUTHORIZATION='bearer TOKEN'; a wrong one is 77")
    func bearer() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let update = #"{"aps": {"event": "update", "content-state": {"x": 1}}}"#
        let arguments = ["push", "--id", "pizza"] + Self.now
        let bare = try fixture.traqt(arguments, stdin: update, environment: ["TRAQT_PUSH_TOKEN": "s3cret"])
        #expect(bare.status == 77)
        for wrong in ["bearer s3cre", "bearer s3cret ", "basic s3cret", "s3cret", "bearer"] {
            let result = try fixture.traqt(arguments, stdin: update,
                                           environment: ["TRAQT_PUSH_TOKEN": "s3cret", "TRAQT_PUSH_AUTHORIZATION": wrong])
            #expect(result.status == 77, "\(wrong)")
        }
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == [:])
        for right in ["bearer s3cret", "Bearer s3cret"] {
            #expect(try fixture.succeed(arguments, stdin: update,
                                        environment: ["TRAQT_PUSH_TOKEN": "s3cret", "TRAQT_PUSH_AUTHORIZATION": right])
                == "updated pizza\n")
        }
        // The credential authorizes any shape: an envelope without the right auth too.
        let envelope = #"{"request": {"auth": "other", "notifications": [{"live_activity_id": "pizza", "#
            + #""live_activity": {"event": "end"}}]}}"#
        #expect(try fixture.succeed(["push"] + Self.now, stdin: envelope,
                                    environment: ["TRAQT_PUSH_TOKEN": "s3cret", "TRAQT_PUSH_AUTHORIZATION": "bearer s3cret"])
            == "ended pizza\n")
    }

    @Test("--follow with --token applies each line to the token's live activity as it comes; a bad line is reported")
    func followToken() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let token = try fixture.succeed(["live", "token", "pizza"]).trimmingCharacters(in: .newlines)
        let lines = #"{"aps": {"event": "update", "content-state": {"eta": 9}}}"# + "\n" + "{\n"
            + #"{"aps": {"event": "update", "content-state": {"eta": 4}}}"# + "\n"
        let result = try fixture.traqt(["push", "--follow", "--token", token] + Self.now, stdin: lines)
        #expect(result.status == 65 && result.stdout == "updated pizza\nupdated pizza\n")
        #expect(result.stderr.contains("standard input, line 2: "), "\(result.stderr)")
        #expect(try fixture.list(now: "2026-11-30T12:00")[0]["state"] as? [String: Int] == ["eta": 4])
    }

    @Test("the token of a dismissed live activity is Unregistered (65), with when it stopped working")
    func unregistered() throws {
        let fixture = try LiveFixture()
        try fixture.succeed(["live", "start", "--id", "pizza"] + Self.now)
        let token = try fixture.succeed(["live", "token", "pizza"]).trimmingCharacters(in: .newlines)
        try fixture.succeed(["live", "end", "pizza", "--dismiss", "immediate"] + Self.now)
        let before = try fixture.bytes()
        let result = try fixture.traqt(["push", "--token", token, "--now", "2026-11-30T12:05"],
                                       stdin: #"{"aps": {"event": "update"}}"#)
        #expect(result.status == 65 && result.stdout.isEmpty)
        #expect(result.stderr == "Error: standard input: notification 0: the live activity 'pizza' of this push token "
            + "was dismissed at 2026-11-30T12:00:00+00:00 (Unregistered); nothing was applied\n")
        #expect(try fixture.bytes() == before)
    }
}
