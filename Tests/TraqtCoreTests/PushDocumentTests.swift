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
        #expect(read[0].timestamp == PushTimestamp(milliseconds: 1_764_489_600_000))
        guard case let .update(update) = read[0].change else { Issue.record("not an update"); return }
        guard case let .replace(state) = update.state else { Issue.record("state not replaced"); return }
        #expect(state.text == #"{"eta":7}"#)
        #expect(update.stale == .at(Instant(seconds: 1_764_491_400)))
        #expect(update.relevance == 50)
    }

    @Test("a vendor's notification: a start with its attributes type and attributes, on the activity of that id if any")
    func notification() throws {
        let read = try notifications(Self.vendor)
        #expect(read[0].timestamp == nil)
        guard case let .start(start) = read[0].change else { Issue.record("not a start"); return }
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
        guard case let .end(end) = read[0].change else { Issue.record("not an end"); return }
        #expect(end.dismissal == .at(Instant(seconds: 1_764_490_000)))
        #expect(end.state == nil)
    }

    @Test("errors name the notification's index and field", arguments: [
        (#"[{"aps":{"event":"update"},"live_activity_id":"a"},{"aps":{"event":"update"}}]"#, 1, "live_activity_id"),
        (#"{"aps":{"event":"update"},"live_activity_id":""}"#, 0, "live_activity_id"),
        (#"{"live_activity_id":"a"}"#, 0, "live_activity"),
        (#"{"aps":{"event":"update","timestamp":"soon"},"live_activity_id":"a"}"#, 0, "aps.timestamp"),
        (#"{"aps":{"event":"pause"},"live_activity_id":"a"}"#, 0, "aps.event"),
        (#"{"aps":{},"live_activity_id":"a"}"#, 0, "aps.event"),
        (#"{"aps":{"event":"update","content-state":[1]},"live_activity_id":"a"}"#, 0, "aps.content-state"),
        (#"{"aps":{"event":"start","attributes":"x"},"live_activity_id":"a"}"#, 0, "aps.attributes"),
        (#"{"aps":{"event":"update","relevance-score":"high"},"live_activity_id":"a"}"#, 0, "aps.relevance-score"),
        (#"{"aps":{"event":"start","alert":7},"live_activity_id":"a"}"#, 0, "aps.alert"),
        (#"{"aps":{"event":"start","alert":{"title":1}},"live_activity_id":"a"}"#, 0, "aps.alert.title"),
        (#"{"aps":{"event":"start","input-push-channel":""},"live_activity_id":"a"}"#, 0, "aps.input-push-channel"),
        (#"{"aps":{"event":"start","input-push-token":"yes"},"live_activity_id":"a"}"#, 0, "aps.input-push-token"),
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

    @Test("what the rules refuse of a well-formed notification refuses it alone, with its field", arguments: [
        (#"{"aps":{"event":"end","dismissal-date":-1},"live_activity_id":"a"}"#, "aps.dismissal-date", LiveError.badDate(field: "aps.dismissal-date", .negative)),
        (#"{"aps":{"event":"update","timestamp":100000000000.001},"live_activity_id":"a"}"#, "aps.timestamp", .badDate(field: "aps.timestamp", .milliseconds)),
        (#"{"aps":{"event":"update","stale-date":1764489600000},"live_activity_id":"a"}"#, "aps.stale-date", .badDate(field: "aps.stale-date", .milliseconds)),
    ])
    func ruleRefusals(json: String, field: String, refusal: LiveError) throws {
        let read = try notifications(json)
        #expect(read[0].refusedBeforeApplying == refusal)
    }

    @Test("timestamps are seconds kept to the millisecond, read exactly; 10^11 is the last second a payload can say", arguments: [
        ("1764489600", 1_764_489_600_000), ("1764489600.25", 1_764_489_600_250), ("1764489600.1239", 1_764_489_600_123),
        ("1.7644896e9", 1_764_489_600_000), ("17644896E2", 1_764_489_600_000), ("0.0005", 0), ("0", 0), ("1234", 1_234_000),
        ("100000000000", 100_000_000_000_000), ("1e-400", 0),
    ] as [(String, Int)])
    func timestamps(text: String, milliseconds: Int) throws {
        let read = try notifications(#"{"aps":{"event":"update","timestamp":\#(text)},"live_activity_id":"a"}"#)
        #expect(read[0].timestamp == PushTimestamp(milliseconds: milliseconds))
        #expect(read[0].refusedBeforeApplying == nil)
    }

    @Test("above 10^11 seconds a timestamp can only be milliseconds", arguments: ["100000000001", "1e11000", "1764489600000", "100000000000.001"])
    func milliseconds(text: String) throws {
        let read = try notifications(#"{"aps":{"event":"update","timestamp":\#(text)},"live_activity_id":"a"}"#)
        #expect(read[0].refusedBeforeApplying == .badDate(field: "aps.timestamp", .milliseconds))
    }

    @Test("a state over 4096 bytes refuses its notification, not the document: its payload is over the limit first")
    func tooLarge() throws {
        let state = #"{"x":""# + String(repeating: "a", count: 4089) + #""}"#
        let read = try notifications(#"{"aps":{"event":"update","content-state":\#(state)},"live_activity_id":"a"}"#)
        let payload = #"{"aps":{"event":"update","content-state":\#(state)}}"#
        #expect(read[0].refusedBeforeApplying == .payloadTooLarge(bytes: payload.utf8.count))
    }

    @Test("an APNs payload is at most 4096 bytes: as sent for a raw body, as built (compact) for the other shapes")
    func payloadSize() throws {
        func raw(_ count: Int, pad: String = "") -> String {
            #"{"aps":{"event":"update",\#(pad)"content-state":{"x":""# + String(repeating: "a", count: count) + #""}}}"#
        }
        let around = raw(0).utf8.count
        let fits = raw(4096 - around)
        #expect(fits.utf8.count == 4096)
        let apns = { (body: String) in
            try PushDocument.notifications(in: Array(body.utf8)[...], token: nil, addressedTo: .id("a"))[0]
        }
        #expect(try apns(fits).refusedBeforeApplying == nil)
        #expect(try apns(raw(4097 - around)).refusedBeforeApplying == .payloadTooLarge(bytes: 4097))
        // White space counts as sent in a raw body; in the other shapes only the compact payload does.
        #expect(try apns(raw(4096 - around, pad: " ")).refusedBeforeApplying == .payloadTooLarge(bytes: 4097))
        let wrapped = { (count: Int) in
            #"{"live_activity_id": "a",   "aps": {"event": "update", "content-state": {"x": ""# + String(repeating: "a", count: count) + #""}}}"#
        }
        #expect(try notifications(wrapped(4096 - around))[0].refusedBeforeApplying == nil)
        #expect(try notifications(wrapped(4097 - around))[0].refusedBeforeApplying == .payloadTooLarge(bytes: 4097))
    }

    @Test("an alert is kept as compact JSON; a string is its body")
    func alert() throws {
        let read = try notifications(#"[{"aps":{"event":"update","alert":{"title":"Pizza","body":"7 min","sound":"chime.aiff"}},"live_activity_id":"a"},"#
                                     + #"{"aps":{"event":"end","alert":"Delivered"},"live_activity_id":"a"}]"#)
        #expect(read.map(\.alert) == [#"{"title":"Pizza","body":"7 min","sound":"chime.aiff"}"#, #"{"body":"Delivered"}"#])
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
