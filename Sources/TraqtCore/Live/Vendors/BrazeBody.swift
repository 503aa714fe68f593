/// Braze's `POST /messages/live_activity/update` body, and its
/// `/messages/live_activity/start` body (told apart by
/// `activity_attributes_type`). The `activity_id` is the push token tag the app
/// registered its activity under: traqt reads it as the activity id. Dates are
/// ISO 8601 strings; `notification` is an Apple push object whose `alert` (a
/// string, or an object with `title`, `body` and `_loc_` keys) and `sound`
/// become the APNs alert. `app_id` and the start's targeting
/// (`segment_id`, `custom_audience`, `external_user_ids`) are not traqt's.
enum BrazeBody {
    static func notification(in body: VendorFields) throws(PushError) -> VendorNotification {
        guard let id = try body.string("activity_id") else { throw body.error("activity_id", "missing") }
        var aps = APSBuilder()
        let contentState = try body.required("content_state")
        guard case .object = contentState else { throw body.mismatch("content_state", "an object", contentState) }
        aps.set("content-state", contentState, from: body.field("content_state"))
        if let type = try body.string("activity_attributes_type") {
            if try body.bool("end_activity") == true {
                throw body.error("end_activity", "a start cannot end its live activity")
            }
            aps.set("event", .string("start"), from: body.field("activity_attributes_type"))
            aps.set("attributes-type", .string(type), from: body.field("activity_attributes_type"))
            let attributes = try body.required("activity_attributes")
            guard case .object = attributes else { throw body.mismatch("activity_attributes", "an object", attributes) }
            aps.set("attributes", attributes, from: body.field("activity_attributes"))
        } else {
            let ends = try body.bool("end_activity") ?? false
            aps.set("event", .string(ends ? "end" : "update"), from: ends ? body.field("end_activity") : nil)
        }
        aps.set("stale-date", try VendorDate.iso8601(body, "stale_date"), from: body.field("stale_date"))
        aps.set("dismissal-date", try VendorDate.iso8601(body, "dismissal_date"), from: body.field("dismissal_date"))
        if let push = try body.nested("notification") {
            // The Apple push object, or the same inside `apple_push`.
            let apple = try push.nested("apple_push") ?? push
            aps.set("alert", try alert(of: apple), from: apple.field("alert"))
        }
        return aps.notification(to: .id(id), addressField: body.field("activity_id"))
    }

    /// Braze alert keys and the APNs live-activity alert members they fill:
    /// localized texts become `{"loc-key": …, "loc-args": […]}` objects.
    private static let localized = [("title", "title_loc_key", "title_loc_args"), ("body", "loc_key", "loc_args")]

    private static func alert(of push: VendorFields) throws(PushError) -> JSONValue? {
        var alert: [(key: String, value: JSONValue)] = []
        switch push["alert"] {
        case nil: break
        case let .string(text)?: alert.append(("body", .string(text)))
        case .object?:
            guard let fields = try push.nested("alert") else { break }
            for (member, key, arguments) in localized {
                if let text = try fields.string(member) {
                    alert.append((member, .string(text)))
                } else if let key = try fields.string(key) {
                    var localized: [(key: String, value: JSONValue)] = [("loc-key", .string(key))]
                    if let list = fields[arguments] {
                        guard case .array = list else { throw fields.mismatch(arguments, "an array of strings", list) }
                        localized.append(("loc-args", list))
                    }
                    alert.append((member, .object(localized)))
                }
            }
        case let other?: throw push.mismatch("alert", "a string or an alert object", other)
        }
        if let sound = try push.string("sound") { alert.append(("sound", .string(sound))) }
        return alert.isEmpty ? nil : .object(alert)
    }
}
