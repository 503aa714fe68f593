/// The members of an APNs live-activity `aps` object that traqt reads; a
/// vendor body that uses APNs's own names (Pushwoosh's `live_activity`,
/// Firebase's `payload.aps`) is copied member by member through this list.
enum APNsMembers {
    static let names = [
        "event", "content-state", "timestamp", "stale-date", "dismissal-date", "relevance-score",
        "attributes-type", "attributes", "alert", "input-push-token", "input-push-channel",
    ]

    /// Copies the members of `body` named as APNs names them, each from its path.
    static func copy(_ body: VendorFields, into aps: inout APSBuilder) {
        for name in names { aps.set(name, body[name], from: body.field(name)) }
    }
}
