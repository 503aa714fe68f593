import Testing
@testable import TraqtCore

/// Reading push documents: the four shapes, counting, fields in errors, the token.
@Suite("push documents")
struct PushDocumentTests {
    private func notifications(_ json: String, token: String? = nil) throws -> [PushNotification] {
        try PushDocument.notifications(in: Array(json.utf8)[...], token: token)
    }

    private func refusal(_ json: String, token: String? = nil) -> PushError? {
        #expect(throws: PushError.self) { try notifications(json, token: token) }
    }

    static let apns = #"{"aps":{"event":"update","timestamp":1764489600,"content-state":{"eta":7},"stale-date":1764491400,"relevance-score":50},"live_activity_id":"pizza"}"#
    static let vendor = #"{"live_activity_id":"your_activity_id","content":"Message","live_activity":{"event":"start","content-state":{"data":{"emoji":"x"}},"attributes-type":"DefaultLiveActivityAttributes","attributes":{"data":{"name":"static data"}}}}"#
    static func envelope(auth: String, _ notifications: String...) -> String {
        #"{"request":{"application":"X","auth":"\#(auth)","notifications":[\#(notifications.joined(separator: ","))]}}"#
    }

    @Test("an APNs payload: its id, timestamp and update")
    func apns() throws {
        let read = try notifications(Self.apns)
        #expect(read.map(\.id) == ["pizza"])
        #expect(read[0].timestamp == Instant(seconds: 1_764_489_600))
        guard case let .update(update) = try read[0].readChange() else { Issue.record("not an update"); return }
        guard case let .replace(state) = update.state else { Issue.record("state not replaced"); return }
        #expect(state.text == #"{"eta":7}"#)
        #expect(update.stale == .at(Instant(seconds: 1_764_491_400)))
        #expect(update.relevance == 50)
    }

    @Test("a vendor's notification: a start with its attributes type and attributes, on the activity of that id if any")
    func notification() throws {
        let read = try notifications(Self.vendor)
        #expect(read[0].timestamp == nil)
        guard case let .start(start) = try read[0].readChange() else { Issue.record("not a start"); return }
        #expect(start.type == "DefaultLiveActivityAttributes")
        #expect(start.attributes.text == #"{"data":{"name":"static data"}}"#)
        #expect(start.state.text == #"{"data":{"emoji":"x"}}"#)
        guard case .ifExists("your_activity_id") = start.activity else { Issue.record("activity"); return }
    }

    @Test("envelopes and arrays are flattened in order and counted from 0")
    func flattening() throws {
        let document = "[" + Self.envelope(auth: "t", Self.apns, Self.vendor) + "," + Self.vendor + ","
            + Self.envelope(auth: "t", Self.apns) + "]"
        let read = try notifications(document)
        #expect(read.map(\.index) == [0, 1, 2, 3])
        #expect(read.map(\.id) == ["pizza", "your_activity_id", "your_activity_id", "pizza"])
        #expect(read[1].idField == "request.notifications[1].live_activity_id")
    }

    @Test("an end's dismissal date is a moment, capped by the policy")
    func end() throws {
        let read = try notifications(#"{"aps":{"event":"end","dismissal-date":1764490000},"live_activity_id":"p"}"#)
        guard case let .end(end) = try read[0].readChange() else { Issue.record("not an end"); return }
        #expect(end.dismissal == .at(Instant(seconds: 1_764_490_000)))
        #expect(end.state == nil)
    }

    @Test("errors name the notification's index and field", arguments: [
        (#"[{"aps":{"event":"update"},"live_activity_id":"a"},{"aps":{"event":"update"}}]"#, 1, "live_activity_id"),
        (#"{"aps":{"event":"update"},"live_activity_id":""}"#, 0, "live_activity_id"),
        (#"{"live_activity_id":"a"}"#, 0, "live_activity"),
        (#"{"aps":{"event":"update","timestamp":"soon"},"live_activity_id":"a"}"#, 0, "aps.timestamp"),
        (#"{"aps":{"event":"update","timestamp":1.5},"live_activity_id":"a"}"#, 0, "aps.timestamp"),
        (#"[1]"#, 0, nil),
        (#"{"request":{"auth":"t"}}"#, 0, "request.notifications"),
    ] as [(String, Int, String?)])
    func errors(json: String, index: Int, field: String?) {
        guard case let .invalid(errorIndex, errorField, _, _)? = refusal(json) else {
            Issue.record("not refused as invalid")
            return
        }
        #expect(errorIndex == index)
        #expect(errorField == field)
    }

    @Test("what is read when applied is checked then, with its field", arguments: [
        (#"{"aps":{"event":"pause"},"live_activity_id":"a"}"#, "aps.event"),
        (#"{"aps":{},"live_activity_id":"a"}"#, "aps.event"),
        (#"{"aps":{"event":"update","content-state":[1]},"live_activity_id":"a"}"#, "aps.content-state"),
        (#"{"aps":{"event":"start","attributes":"x"},"live_activity_id":"a"}"#, "aps.attributes"),
        (#"{"aps":{"event":"update","relevance-score":"high"},"live_activity_id":"a"}"#, "aps.relevance-score"),
        (#"{"aps":{"event":"end","dismissal-date":-1},"live_activity_id":"a"}"#, "aps.dismissal-date"),
    ])
    func changeErrors(json: String, field: String) throws {
        let read = try notifications(json)
        let error = #expect(throws: PushError.self) { try read[0].readChange() }
        guard case let .invalid(0, errorField, _, _)? = error else { Issue.record("not invalid"); return }
        #expect(errorField == field)
    }

    @Test("a state of 4097 bytes is refused when applied")
    func tooLarge() throws {
        let state = #"{"x":""# + String(repeating: "a", count: 4089) + #""}"#
        let read = try notifications(#"{"aps":{"event":"update","content-state":\#(state)},"live_activity_id":"a"}"#)
        let error = #expect(throws: PushError.self) { try read[0].readChange() }
        #expect(error?.description.contains("4097 bytes") == true)
    }

    @Test("with a token, only envelopes with that auth pass; nothing else is looked at first")
    func token() throws {
        #expect(try notifications(Self.envelope(auth: "s3cret", Self.apns), token: "s3cret").count == 1)
        #expect(refusal(Self.envelope(auth: "s3cre", Self.apns), token: "s3cret") == .unauthorized)
        #expect(refusal(Self.envelope(auth: "s3cret!", Self.apns), token: "s3cret") == .unauthorized)
        #expect(refusal(Self.apns, token: "s3cret") == .unauthorized)
        #expect(refusal("[" + Self.envelope(auth: "s3cret", Self.apns) + "," + Self.apns + "]", token: "s3cret") == .unauthorized)
        #expect(refusal(#"{"request":{"notifications":[]}}"#, token: "s3cret") == .unauthorized)
        // A malformed document is refused for the token before anything else.
        #expect(refusal("[1," + Self.envelope(auth: "s3cret", Self.apns) + "]", token: "s3cret") == .unauthorized)
        #expect(refusal(#"{"request":{"auth":"x"}}"#, token: "s3cret") == .unauthorized)
        #expect(try notifications("[]", token: "s3cret").isEmpty)
    }

    @Test("a name given twice counts at its last place: the request, its auth, its notifications")
    func repeatedNames() throws {
        let other = #"{"aps":{"event":"end"},"live_activity_id":"other"}"#
        let twice = #"{"request":{"auth":"x","notifications":[\#(other)]},"request":{"auth":"s3cret","notifications":[\#(Self.apns)]}}"#
        #expect(try notifications(twice, token: "s3cret").map(\.id) == ["pizza"])
        #expect(try notifications(twice).map(\.id) == ["pizza"])
        let authTwice = #"{"request":{"auth":"s3cret","notifications":[],"auth":7}}"#
        #expect(refusal(authTwice, token: "s3cret") == .unauthorized)
        let listTwice = #"{"request":{"notifications":[\#(Self.apns)],"auth":"s3cret","notifications":[\#(other),\#(other)]}}"#
        #expect(try notifications(listTwice, token: "s3cret").map(\.id) == ["other", "other"])
        #expect(refusal(#"{"request":{"auth":"s3cret","notifications":[]},"request":5}"#, token: "s3cret") == .unauthorized)
    }

    @Test("problems come in the order a reading of the whole tree meets them: syntax anywhere, a malformed part, the first bad notification")
    func problemOrder() throws {
        let bad = #"{"aps":{"event":"update"}}"#
        #expect(throws: JSONSyntaxError.self) { try notifications("[" + bad + "," + Self.apns + "] x") }
        #expect(throws: JSONSyntaxError.self) { try notifications("[" + bad + ",1,", token: "s3cret") }
        guard case let .invalid(index, nil, _, _)? = refusal("[" + bad + "," + Self.apns + ",1]") else {
            Issue.record("the malformed part was not the refusal")
            return
        }
        #expect(index == 2)
        guard case let .invalid(1, field, _, _)? = refusal("[" + Self.apns + "," + bad + "," + bad + "]") else {
            Issue.record("not the first bad notification")
            return
        }
        #expect(field == "live_activity_id")
    }

    @Test("tokens compare equal only when every byte and the length match")
    func tokenComparison() {
        #expect(PushAuthorization.matches("abc", "abc"))
        #expect(!PushAuthorization.matches("abd", "abc"))
        #expect(!PushAuthorization.matches("ab", "abc"))
        #expect(!PushAuthorization.matches("abc\0", "abc"))
        #expect(!PushAuthorization.matches("", "abc"))
        #expect(PushAuthorization.matches("", ""))
    }
}
