/// What the request (not the body) says: which vendor and endpoint it was sent
/// to, and values from the request's path (OneSignal's activity id and type).
public struct VendorRequest: Sendable, Equatable {
    /// `--vendor`; nil: recognized from the body.
    public var vendor: PushVendor?
    /// `--endpoint`, e.g. Pushwoosh's `startLiveActivity` or `updateLiveActivity`.
    public var endpoint: String?
    /// `--id`: OneSignal's activity id from its URL.
    public var id: String?
    /// `--type`: OneSignal's push-to-start `activity_type` from its URL.
    public var type: String?

    public init(vendor: PushVendor? = nil, endpoint: String? = nil, id: String? = nil, type: String? = nil) {
        self.vendor = vendor
        self.endpoint = endpoint
        self.id = id
        self.type = type
    }
}
