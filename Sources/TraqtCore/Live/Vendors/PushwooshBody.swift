/// Pushwoosh's notifications (API 1.3): `startLiveActivity` and
/// `updateLiveActivity` take `{"live_activity": {…}, "live_activity_id": ID}`;
/// the older `updateLiveActivity` and `createMessage` take
/// `{"ios_live_activity": {…}, "live_activity_push_tokens": [T, …]}`. The
/// object inside uses APNs's own member names (`content-state`,
/// `dismissal-date` in seconds). Targeting (`devices`, `users`, `filter`,
/// `filter_code`) and the fallback `content` and `title` for devices without
/// live activities are not traqt's.
enum PushwooshBody {
    static let startEndpoint = "startLiveActivity"
    static let updateEndpoint = "updateLiveActivity"

    static func notifications(in notification: VendorFields, endpoint: String?) throws(PushError) -> [VendorNotification] {
        let name = notification.has("ios_live_activity") ? "ios_live_activity" : "live_activity"
        guard let body = try notification.nested(name) else {
            throw notification.error("live_activity", "missing (or the older ios_live_activity)")
        }
        var aps = APSBuilder()
        APNsMembers.copy(body, into: &aps)
        if !body.has("event") {
            // The endpoint says what a body without an event does.
            switch endpoint {
            case startEndpoint?: aps.set("event", .string("start"), from: nil)
            case updateEndpoint?: aps.set("event", .string("update"), from: nil)
            default: throw body.error("event", "missing (or send to --endpoint \(startEndpoint) or \(updateEndpoint))")
            }
        }
        return try addresses(of: notification).map { aps.notification(to: $0.address, addressField: $0.field) }
    }

    /// One address a token of `live_activity_push_tokens`, or the `live_activity_id`.
    private static func addresses(of notification: VendorFields) throws(PushError) -> [(address: LiveAddress, field: String)] {
        let tokensName = "live_activity_push_tokens", idName = "live_activity_id"
        guard let tokens = notification[tokensName] else {
            guard let id = try notification.string(idName) else {
                throw notification.error(idName, "missing (or \(tokensName))")
            }
            return [(.id(id), notification.field(idName))]
        }
        if notification.has(idName) {
            throw notification.error(idName, "give \(tokensName) or \(idName), not both")
        }
        guard case let .array(elements) = tokens else { throw notification.mismatch(tokensName, "an array of push tokens", tokens) }
        guard !elements.isEmpty else { throw notification.error(tokensName, "an empty list addresses no live activity") }
        var addresses: [(address: LiveAddress, field: String)] = []
        for (position, element) in elements.enumerated() {
            let field = "\(tokensName)[\(position)]"
            guard case let .string(token) = element else { throw notification.mismatch(field, "a push token string", element) }
            addresses.append((.pushToken(token), notification.field(field)))
        }
        return addresses
    }
}
