/// One notification of a vendor's body as the APNs `aps` object it stands for.
struct VendorNotification {
    /// `.id(…)` or `.pushToken(…)`.
    var address: LiveAddress
    /// An `.object` with APNs member names: `event`, `content-state`,
    /// `timestamp`, `stale-date`, `dismissal-date`, `relevance-score`,
    /// `attributes-type`, `attributes`, `alert`.
    var aps: JSONValue
    /// APNs member name -> the vendor field path as the sender wrote it, for
    /// error messages (`content_state`, `message.apns.payload.aps.event`).
    /// A member the vendor implies (an event from an endpoint) has none.
    var fields: [String: String]
    /// The field that gave the address (`activity_id`,
    /// `live_activity_push_tokens[1]`); nil when the request gave it (`--id`).
    var addressField: String?
}
