import Testing
@testable import TraqtCore

/// Vendors' own request bodies read as the APNs `aps` objects they stand for.
/// The bodies are written from each vendor's field tables (see
/// docs/push-vendors.md), not copied from their examples.
@Suite("push vendors")
struct PushVendorTests {
    private static func json(_ text: String) -> JSONValue {
        // Test bodies are valid JSON; a typo is a test failure.
        (try? JSONParser.parse(Array(text.utf8))) ?? .string("unparsable: \(text)")
    }

    /// Members in name order, so that comparisons ignore the order written.
    private static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members): return .object(members.map { ($0.key, sorted($0.value)) }.sorted { $0.0 < $1.0 })
        case let .array(elements): return .array(elements.map(sorted))
        default: return value
        }
    }

    private func read(_ body: String, _ request: VendorRequest = VendorRequest(), index: Int = 0,
                      path: String = "") throws -> [VendorNotification] {
        try PushVendor.notifications(in: Self.json(body), request: request, index: index, path: path)
    }

    private func one(_ body: String, _ request: VendorRequest = VendorRequest()) throws -> VendorNotification {
        let read = try read(body, request)
        try #require(read.count == 1)
        return read[0]
    }

    private func expect(_ notification: VendorNotification, aps: String, address: LiveAddress,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Self.sorted(notification.aps) == Self.sorted(Self.json(aps)), sourceLocation: sourceLocation)
        #expect(notification.address == address, sourceLocation: sourceLocation)
    }

    /// The error a body is refused with, as `index`, `field`, `message`.
    private func refusal(_ body: String, _ request: VendorRequest = VendorRequest(), index: Int = 0,
                         path: String = "") -> (Int, String?, String)? {
        do {
            _ = try read(body, request, index: index, path: path)
            Issue.record("not refused: \(body)")
        } catch let PushError.invalid(index, field, message, _) {
            return (index, field, message)
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    // MARK: Recognition

    @Test("each vendor is told by members only its bodies have", arguments: [
        (#"{"live_activity_push_tokens":["a"],"ios_live_activity":{"event":"update"}}"#, PushVendor.pushwoosh),
        (#"{"ios_live_activity":{"event":"end"},"live_activity_id":"x"}"#, .pushwoosh),
        (#"{"event":"update","event_updates":{"n":1},"name":"n"}"#, .onesignal),
        (#"{"event":"start","activity_id":"a","event_attributes":{},"event_updates":{}}"#, .onesignal),
        (#"{"app_id":"x","activity_id":"a","content_state":{}}"#, .braze),
        (#"{"app_id":"x","activity_id":"a","end_activity":true}"#, .braze),
        (#"{"message":{"token":"t","apns":{"payload":{"aps":{}}}}}"#, .firebase),
    ])
    func recognizes(body: String, vendor: PushVendor) {
        #expect(PushVendor.recognize(Self.json(body)) == vendor)
    }

    @Test("native shapes, strangers and mixtures are no vendor", arguments: [
        #"{"live_activity_id":"x","live_activity":{"event":"start"}}"#,
        #"{"aps":{"event":"update"},"live_activity_id":"x"}"#,
        #"{"live_activity_id":"x","live_activity":{"event":"update"},"live_activity_push_tokens":["a"]}"#,
        #"{"event":"update"}"#,
        #"{"message":"hello"}"#,
        #"{"event_updates":{},"content_state":{}}"#,
        #"[{"event_updates":{}}]"#,
        #""content_state""#,
    ])
    func recognizesNone(body: String) {
        #expect(PushVendor.recognize(Self.json(body)) == nil)
    }

    @Test("a body of no vendor is refused unless --vendor says whose it is")
    func unrecognized() throws {
        let refused = refusal(#"{"event":"update"}"#, index: 3)
        #expect(refused?.0 == 3)
        #expect(refused?.2.contains("--vendor") == true)
        // With --vendor a Pushwoosh start needs none of the older members.
        let read = try one(#"{"live_activity":{"content-state":{"a":1}},"live_activity_id":"x"}"#,
                           VendorRequest(vendor: .pushwoosh, endpoint: "startLiveActivity"))
        expect(read, aps: #"{"event":"start","content-state":{"a":1}}"#, address: .id("x"))
    }

    // MARK: Pushwoosh

    @Test("Pushwoosh startLiveActivity: the endpoint implies the start")
    func pushwooshStart() throws {
        let body = #"""
        {"content":"Fallback text","title":"Fallback title","devices":["d1"],"filter":"segment",
         "live_activity":{"content-state":{"stage":"oven"},"attributes-type":"PizzaAttributes","attributes":{"pizzas":2},
                          "stale-date":1764491400,"relevance-score":40},
         "live_activity_id":"order-7"}
        """#
        let read = try one(body, VendorRequest(vendor: .pushwoosh, endpoint: "startLiveActivity"))
        expect(read, aps: #"""
            {"event":"start","content-state":{"stage":"oven"},"attributes-type":"PizzaAttributes","attributes":{"pizzas":2},
             "stale-date":1764491400,"relevance-score":40}
            """#, address: .id("order-7"))
        #expect(read.fields["content-state"] == "live_activity.content-state")
        #expect(read.fields["event"] == nil)
        #expect(read.addressField == "live_activity_id")
    }

    @Test("Pushwoosh updateLiveActivity: an update unless the body ends it")
    func pushwooshUpdate() throws {
        let request = VendorRequest(vendor: .pushwoosh, endpoint: "updateLiveActivity")
        let update = try one(#"{"live_activity":{"content-state":{"stage":"road"}},"live_activity_id":"order-7"}"#, request)
        expect(update, aps: #"{"event":"update","content-state":{"stage":"road"}}"#, address: .id("order-7"))
        let end = try one(#"{"live_activity":{"event":"end","dismissal-date":1764495000},"live_activity_id":"order-7"}"#, request)
        expect(end, aps: #"{"event":"end","dismissal-date":1764495000}"#, address: .id("order-7"))
        #expect(end.fields["event"] == "live_activity.event")
    }

    @Test("Pushwoosh live_activity_push_tokens: one notification a token, each field by its place")
    func pushwooshTokens() throws {
        let body = #"""
        {"ios_live_activity":{"event":"update","content-state":{"courier":"Ana"},"timestamp":1764489600},
         "live_activity_push_tokens":["aa11","bb22","cc33"]}
        """#
        let read = try read(body, path: "request.notifications[4].")
        #expect(read.map(\.address) == [.pushToken("aa11"), .pushToken("bb22"), .pushToken("cc33")])
        #expect(read.map(\.addressField) == (0..<3).map { "request.notifications[4].live_activity_push_tokens[\($0)]" })
        for notification in read {
            expect(notification, aps: #"{"event":"update","content-state":{"courier":"Ana"},"timestamp":1764489600}"#,
                   address: notification.address)
            #expect(notification.fields["timestamp"] == "request.notifications[4].ios_live_activity.timestamp")
        }
    }

    @Test("malformed Pushwoosh notifications name the Pushwoosh field", arguments: [
        (#"{"live_activity_push_tokens":"aa11","ios_live_activity":{"event":"update"}}"#,
         "live_activity_push_tokens", "expected an array of push tokens, found a string"),
        (#"{"live_activity_push_tokens":["aa11",7],"ios_live_activity":{"event":"update"}}"#,
         "live_activity_push_tokens[1]", "expected a push token string, found a number"),
        (#"{"live_activity_push_tokens":[],"ios_live_activity":{"event":"update"}}"#,
         "live_activity_push_tokens", "an empty list addresses no live activity"),
        (#"{"live_activity_push_tokens":["a"],"live_activity_id":"x","ios_live_activity":{"event":"update"}}"#,
         "live_activity_id", "give live_activity_push_tokens or live_activity_id, not both"),
        (#"{"ios_live_activity":"update","live_activity_id":"x"}"#, "ios_live_activity", "expected an object, found a string"),
        (#"{"ios_live_activity":{"content-state":{}},"live_activity_id":"x"}"#, "ios_live_activity.event",
         "missing (or send to --endpoint startLiveActivity or updateLiveActivity)"),
        (#"{"ios_live_activity":{"event":"end"},"live_activity_id":5}"#, "live_activity_id", "expected a string, found a number"),
        (#"{"ios_live_activity":{"event":"end"}}"#, "live_activity_id", "missing (or live_activity_push_tokens)"),
    ])
    func pushwooshMalformed(body: String, field: String, message: String) {
        let refused = refusal(body, index: 2, path: "request.notifications[2].")
        #expect(refused?.0 == 2)
        #expect(refused?.1 == "request.notifications[2]." + field)
        #expect(refused?.2 == message)
    }

    // MARK: OneSignal

    @Test("OneSignal update: the id from --id, texts from the English entries, priority and name left out")
    func oneSignalUpdate() throws {
        let body = #"""
        {"event":"update","name":"Game 1 halftime","event_updates":{"home":52,"away":48,"period":"half"},
         "headings":{"fr":"Mi-temps","en":"Halftime"},"contents":{"de":"Pause","en":"Home leads by 4"},
         "ios_sound":"whistle.caf","stale_date":1764491400,"priority":10,"included_segments":["fans"]}
        """#
        let read = try one(body, VendorRequest(id: "game-1"))
        expect(read, aps: #"""
            {"event":"update","content-state":{"home":52,"away":48,"period":"half"},"stale-date":1764491400,
             "alert":{"title":"Halftime","body":"Home leads by 4","sound":"whistle.caf"}}
            """#, address: .id("game-1"))
        #expect(read.fields["content-state"] == "event_updates")
        #expect(read.fields["stale-date"] == "stale_date")
        #expect(read.addressField == nil)
    }

    @Test("OneSignal end: its dismissal date in seconds; a map without English gives its first text")
    func oneSignalEnd() throws {
        let body = #"{"event":"end","event_updates":{"home":99},"dismissal_date":1764495000.5,"contents":{"es":"Final","pt":"Fim"}}"#
        let read = try one(body, VendorRequest(vendor: .onesignal, id: "game-1"))
        expect(read, aps: #"{"event":"end","content-state":{"home":99},"dismissal-date":1764495000.5,"alert":{"body":"Final"}}"#,
               address: .id("game-1"))
    }

    @Test("OneSignal push-to-start: the type from --type, the id and attributes from the body")
    func oneSignalStart() throws {
        let body = #"""
        {"event":"start","activity_id":"game-2","event_attributes":{"home":"Celtics","away":"Heat"},
         "event_updates":{"home":0,"away":0},"headings":{"en":"Tip-off"},"contents":{"en":"Game 2 is on"},
         "ios_relevance_score":0.75,"priority":5,"include_aliases":{"external_id":["u1"]}}
        """#
        let read = try one(body, VendorRequest(type: "GameAttributes"))
        expect(read, aps: #"""
            {"event":"start","attributes-type":"GameAttributes","attributes":{"home":"Celtics","away":"Heat"},
             "content-state":{"home":0,"away":0},"relevance-score":0.75,"alert":{"title":"Tip-off","body":"Game 2 is on"}}
            """#, address: .id("game-2"))
        #expect(read.fields["attributes"] == "event_attributes")
        #expect(read.fields["attributes-type"] == nil)
        #expect(read.addressField == "activity_id")
    }

    @Test("OneSignal without its URL values is refused naming the option")
    func oneSignalURLValues() {
        let update = refusal(#"{"event":"update","event_updates":{}}"#)
        #expect(update?.1 == nil)
        #expect(update?.2.contains("--id") == true)
        let start = refusal(#"{"event":"start","activity_id":"a","event_attributes":{},"event_updates":{}}"#)
        #expect(start?.2.contains("--type") == true)
    }

    @Test("malformed OneSignal bodies name the OneSignal field", arguments: [
        (#"{"event_updates":{}}"#, "event", "missing"),
        (#"{"event":1,"event_updates":{}}"#, "event", "expected a string, found a number"),
        (#"{"event":"update","event_updates":[1]}"#, "event_updates", "expected an object, found an array"),
        (#"{"event":"end","event_updates":{},"dismissal_date":"2026-12-02T10:00Z"}"#, "dismissal_date",
         "expected seconds since the epoch as a number, found a string"),
        (#"{"event":"update","event_updates":{},"contents":"hi"}"#, "contents", "expected an object, found a string"),
        (#"{"event":"update","event_updates":{},"headings":{"en":5}}"#, "headings.en", "expected a string, found a number"),
        (#"{"event":"start","event_updates":{},"activity_id":"a"}"#, "event_attributes", "missing"),
        (#"{"event":"start","event_updates":{},"event_attributes":{}}"#, "activity_id", "missing"),
    ])
    func oneSignalMalformed(body: String, field: String, message: String) {
        let refused = refusal(body, VendorRequest(vendor: .onesignal, id: "a", type: "T"))
        #expect(refused?.1 == field)
        #expect(refused?.2 == message)
    }

    // MARK: Braze

    @Test("Braze update: activity_id, content_state, ISO 8601 dates as seconds, the notification alert")
    func brazeUpdate() throws {
        let body = #"""
        {"app_id":"app-key","activity_id":"delivery-42","content_state":{"eta":12,"driver":"Ana"},
         "stale_date":"2025-11-30T08:30:00Z","dismissal_date":"2025-11-30T09:30:00.250+01:00",
         "notification":{"alert":{"title":"On its way","body":"Ana is 12 minutes away"},"sound":"bell.caf","badge":1}}
        """#
        let read = try one(body)
        expect(read, aps: #"""
            {"event":"update","content-state":{"eta":12,"driver":"Ana"},"stale-date":1764491400,"dismissal-date":1764491400.250,
             "alert":{"title":"On its way","body":"Ana is 12 minutes away","sound":"bell.caf"}}
            """#, address: .id("delivery-42"))
        #expect(read.fields["content-state"] == "content_state")
        #expect(read.fields["alert"] == "notification.alert")
        #expect(read.fields["event"] == nil)
    }

    @Test("Braze end_activity ends; a string alert is its body, localized texts keep their keys")
    func brazeEnd() throws {
        let ends = try one(#"{"activity_id":"d","content_state":{},"end_activity":true,"notification":{"alert":"Delivered"}}"#)
        expect(ends, aps: #"{"event":"end","content-state":{},"alert":{"body":"Delivered"}}"#, address: .id("d"))
        #expect(ends.fields["event"] == "end_activity")
        let localized = try one(#"""
            {"activity_id":"d","content_state":{},"end_activity":false,
             "notification":{"apple_push":{"alert":{"title_loc_key":"DONE_TITLE","loc_key":"DONE_BODY","loc_args":["Ana"]}}}}
            """#)
        expect(localized, aps: #"""
            {"event":"update","content-state":{},
             "alert":{"title":{"loc-key":"DONE_TITLE"},"body":{"loc-key":"DONE_BODY","loc-args":["Ana"]}}}
            """#, address: .id("d"))
        #expect(localized.fields["alert"] == "notification.apple_push.alert")
    }

    @Test("Braze start: its attributes type and attributes")
    func brazeStart() throws {
        let read = try one(#"""
            {"app_id":"k","activity_id":"match-3","activity_attributes_type":"MatchAttributes",
             "activity_attributes":{"home":"A","away":"B"},"content_state":{"score":"0-0"},"segment_id":"s",
             "notification":{"alert":{"title":"Kick-off","body":"A v B"}}}
            """#)
        expect(read, aps: #"""
            {"event":"start","attributes-type":"MatchAttributes","attributes":{"home":"A","away":"B"},
             "content-state":{"score":"0-0"},"alert":{"title":"Kick-off","body":"A v B"}}
            """#, address: .id("match-3"))
    }

    @Test("malformed Braze bodies name the Braze field", arguments: [
        (#"{"content_state":{}}"#, "activity_id", "missing"),
        (#"{"activity_id":"d","end_activity":true}"#, "content_state", "missing"),
        (#"{"activity_id":"d","content_state":"x"}"#, "content_state", "expected an object, found a string"),
        (#"{"activity_id":"d","content_state":{},"end_activity":"yes"}"#, "end_activity", "expected a boolean, found a string"),
        (#"{"activity_id":"d","content_state":{},"stale_date":1764491400}"#, "stale_date",
         "expected an ISO 8601 date and time string, found a number"),
        (#"{"activity_id":"d","content_state":{},"notification":{"alert":7}}"#, "notification.alert",
         "expected a string or an alert object, found a number"),
        (#"{"activity_id":"d","content_state":{},"notification":{"alert":{"loc_key":"K","loc_args":"x"}}}"#,
         "notification.alert.loc_args", "expected an array of strings, found a string"),
        (#"{"activity_id":"d","content_state":{},"activity_attributes_type":"T"}"#, "activity_attributes", "missing"),
    ])
    func brazeMalformed(body: String, field: String, message: String) {
        let refused = refusal(body)
        #expect(refused?.1 == field)
        #expect(refused?.2 == message)
    }

    @Test("a Braze date needs its UTC offset")
    func brazeDateWithoutOffset() {
        let refused = refusal(#"{"activity_id":"d","content_state":{},"dismissal_date":"2025-11-30T09:30:00"}"#)
        #expect(refused?.1 == "dismissal_date")
        #expect(refused?.2.contains("UTC offset") == true)
    }

    @Test("ISO 8601 dates become exact seconds text", arguments: [
        ("2025-11-30T08:30:00Z", "1764491400"),
        ("2025-11-30T08:30Z", "1764491400"),
        ("2025-11-30T10:30:00+02:00", "1764491400"),
        ("2025-11-30T08:30:00.5Z", "1764491400.5"),
        ("2025-11-30T08:30:00,125Z", "1764491400.125"),
        ("1970-01-01T00:59:55.250+01:00", "-4.750"),
        ("1970-01-01T00:59:55.000+01:00", "-5.000"),
        ("1970-01-01T00:59:59.999+01:00", "-0.001"),
    ])
    func isoSeconds(text: String, seconds: String) throws {
        #expect(try VendorDate.secondsText(iso8601: text) == seconds)
    }

    // MARK: Firebase

    @Test("Firebase HTTP v1: payload.aps as it is, addressed by live_activity_token")
    func firebase() throws {
        let body = #"""
        {"validate_only":false,"message":{"token":"fcm-registration","android":{"priority":"high"},
         "apns":{"live_activity_token":"4f1a","headers":{"apns-priority":"10","apns-push-type":"liveactivity"},
                 "payload":{"aps":{"timestamp":1764489600,"event":"start","content-state":{"laps":0},
                                   "attributes-type":"RunAttributes","attributes":{"route":"park"},
                                   "alert":{"title":"Run","body":"Started"},"input-push-token":1}}}}}
        """#
        let read = try one(body)
        expect(read, aps: #"""
            {"timestamp":1764489600,"event":"start","content-state":{"laps":0},"attributes-type":"RunAttributes",
             "attributes":{"route":"park"},"alert":{"title":"Run","body":"Started"},"input-push-token":1}
            """#, address: .pushToken("4f1a"))
        #expect(read.fields["event"] == "message.apns.payload.aps.event")
        #expect(read.addressField == "message.apns.live_activity_token")
    }

    @Test("Firebase without a live activity token is addressed by --id")
    func firebaseByID() throws {
        let body = #"{"message":{"apns":{"payload":{"aps":{"event":"end"}}}}}"#
        expect(try one(body, VendorRequest(id: "run-1")), aps: #"{"event":"end"}"#, address: .id("run-1"))
        #expect(refusal(body)?.1 == "message.apns.live_activity_token")
    }

    @Test("malformed Firebase messages name the FCM field", arguments: [
        (#"{"message":{"token":"t"}}"#, "message.apns", "missing"),
        (#"{"message":{"apns":{"live_activity_token":"a"}}}"#, "message.apns.payload", "missing"),
        (#"{"message":{"apns":{"payload":{"aps":[]},"live_activity_token":"a"}}}"#, "message.apns.payload.aps",
         "expected an object, found an array"),
        (#"{"message":{"apns":{"payload":{"aps":{}},"live_activity_token":7}}}"#, "message.apns.live_activity_token",
         "expected a string, found a number"),
    ])
    func firebaseMalformed(body: String, field: String, message: String) {
        let refused = refusal(body, path: "request.notifications[0].")
        #expect(refused?.1 == "request.notifications[0]." + field)
        #expect(refused?.2 == message)
    }

    @Test("a body that is not an object is refused as a notification")
    func notAnObject() {
        let refused = refusal(#"["x"]"#, VendorRequest(vendor: .braze), index: 5)
        #expect(refused?.0 == 5)
        #expect(refused?.1 == nil)
        #expect(refused?.2 == "expected a notification object, found an array")
    }
}
