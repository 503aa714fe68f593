/// OneSignal's Live Activities REST API. An update or end is posted to
/// `/apps/{app_id}/live_activities/{activity_id}/notifications`, so its body has
/// no id: `--id` gives it. A push-to-start is posted to
/// `/apps/{app_id}/activities/activity/{activity_type}` with `event: "start"`
/// and the `activity_id` in the body: `--type` gives the type. Dates are
/// seconds since the epoch as numbers; `contents` and `headings` are language
/// maps. `priority` is APNs delivery priority (a header), not a relevance, and
/// `name`, targeting and `idempotency_key` are the sender's bookkeeping: all
/// are not read.
enum OneSignalBody {
    static func notification(in body: VendorFields, request: VendorRequest) throws(PushError) -> VendorNotification {
        guard let event = try body.string("event") else { throw body.error("event", "missing") }
        var aps = APSBuilder()
        aps.set("event", .string(event), from: body.field("event"))
        let contentState = try body.required("event_updates")
        guard case .object = contentState else { throw body.mismatch("event_updates", "an object", contentState) }
        aps.set("content-state", contentState, from: body.field("event_updates"))
        aps.set("stale-date", try VendorDate.seconds(body, "stale_date"), from: body.field("stale_date"))
        aps.set("dismissal-date", try VendorDate.seconds(body, "dismissal_date"), from: body.field("dismissal_date"))
        aps.set("relevance-score", try body.number("ios_relevance_score"), from: body.field("ios_relevance_score"))
        try alert(of: body, into: &aps)
        guard event == "start" else {
            guard let id = request.id else {
                throw .invalid(index: body.index, field: nil,
                               message: "a OneSignal update names its activity in the URL: give its activity_id with --id")
            }
            return aps.notification(to: .id(id), addressField: nil)
        }
        guard let type = request.type else {
            throw .invalid(index: body.index, field: nil,
                           message: "a OneSignal push-to-start names its activity type in the URL: give its activity_type with --type")
        }
        aps.set("attributes-type", .string(type), from: nil)
        let attributes = try body.required("event_attributes")
        guard case .object = attributes else { throw body.mismatch("event_attributes", "an object", attributes) }
        aps.set("attributes", attributes, from: body.field("event_attributes"))
        guard let id = try body.string("activity_id") else { throw body.error("activity_id", "missing") }
        if let given = request.id, given != id {
            throw body.error("activity_id", "differs from --id \(given)")
        }
        return aps.notification(to: .id(id), addressField: body.field("activity_id"))
    }

    /// `headings` and `contents` as the alert title and body, `ios_sound` (or
    /// the older `sound`) as its sound.
    private static func alert(of body: VendorFields, into aps: inout APSBuilder) throws(PushError) {
        var alert: [(key: String, value: JSONValue)] = []
        if let title = try text(of: body, "headings") { alert.append(("title", .string(title))) }
        if let text = try text(of: body, "contents") { alert.append(("body", .string(text))) }
        // `ios_sound` replaces the older `sound`.
        var sound = try body.string("ios_sound")
        if sound == nil { sound = try body.string("sound") }
        if let sound { alert.append(("sound", .string(sound))) }
        guard !alert.isEmpty else { return }
        let source = ["headings", "contents", "ios_sound", "sound"].first(where: body.has) ?? "contents"
        aps.set("alert", .object(alert), from: body.field(source))
    }

    /// A language map's English text, or its first when it has no English.
    private static func text(of body: VendorFields, _ name: String) throws(PushError) -> String? {
        guard let map = try body.nested(name), case let .object(languages) = map.value,
              let chosen = languages.last(where: { $0.key == "en" }) ?? languages.first
        else { return nil }
        guard case let .string(text) = chosen.value else { throw map.mismatch(chosen.key, "a string", chosen.value) }
        return text
    }
}
