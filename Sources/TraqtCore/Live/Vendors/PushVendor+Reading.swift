extension PushVendor {
    /// Members only this vendor's bodies have, any one of which tells it.
    private var markers: [String] {
        switch self {
        case .pushwoosh: return ["ios_live_activity", "live_activity_push_tokens"]
        case .onesignal: return ["event_updates", "event_attributes"]
        case .braze: return ["content_state", "end_activity", "activity_attributes_type"]
        case .firebase: return ["message"]
        }
    }

    /// The vendor whose shape `value` (one top-level object, or one element of
    /// an envelope's notifications) unmistakably has; nil when it is none of
    /// them, more than one, or traqt's native shapes (`live_activity` or `aps`
    /// beside `live_activity_id`), which PushNotification reads itself.
    static func recognize(_ value: JSONValue) -> PushVendor? {
        guard case .object = value, value["live_activity"] == nil, value["aps"] == nil else { return nil }
        let matches = allCases.filter { vendor in
            vendor.markers.contains { name in
                guard let member = value[name] else { return false }
                // Firebase's `message` is an object; a string one is no sign of it.
                return vendor != .firebase || member.kind == .object
            }
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The notifications `value` holds in this vendor's shape (Pushwoosh's
    /// `live_activity_push_tokens` gives one a token, counted on from
    /// `index`). Throws `PushError.invalid` for a malformed body (a wrong JSON
    /// type, a missing required member), naming the vendor's field by its
    /// path: `index` is the first notification's 0-based index in the
    /// document, `path` the prefix of where `value` sits
    /// (`request.notifications[2].`).
    static func notifications(in value: JSONValue, request: VendorRequest, index: Int,
                              path: String) throws(PushError) -> [VendorNotification] {
        guard let vendor = request.vendor ?? recognize(value) else {
            throw .invalid(index: index, field: nil, message: "not a body of a push vendor traqt reads (give --vendor)")
        }
        return try vendor.notifications(in: value, request: request, index: index, path: path)
    }

    /// `notifications(in:…)` read as this vendor's, whatever it looks like.
    func notifications(in value: JSONValue, request: VendorRequest, index: Int,
                       path: String) throws(PushError) -> [VendorNotification] {
        let body = try VendorFields(value, path: path, index: index, field: nil)
        switch self {
        case .pushwoosh: return try PushwooshBody.notifications(in: body, endpoint: request.endpoint)
        case .onesignal: return [try OneSignalBody.notification(in: body, request: request)]
        case .braze: return [try BrazeBody.notification(in: body)]
        case .firebase: return [try FirebaseBody.notification(in: body, request: request)]
        }
    }
}
