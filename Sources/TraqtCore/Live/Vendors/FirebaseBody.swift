/// Firebase Cloud Messaging HTTP v1 (`projects.messages.send`):
/// `{"message": {"token": …, "apns": {"live_activity_token": …, "headers": {…},
/// "payload": {"aps": {…}}}}}`. `payload.aps` is the APNs body as it is, and
/// `live_activity_token` the APNs push token (an activity's, or a
/// push-to-start one) it is sent to. The FCM registration `token` (or `topic`,
/// `condition`), `apns.headers`, `apns.fcm_options`, `android`, `webpush`,
/// `data`, `notification` and `validate_only` are FCM's, not traqt's.
enum FirebaseBody {
    static func notification(in body: VendorFields, request: VendorRequest) throws(PushError) -> VendorNotification {
        guard let message = try body.nested("message") else { throw body.error("message", "missing") }
        guard let apns = try message.nested("apns") else { throw message.error("apns", "missing") }
        guard let payload = try apns.nested("payload") else { throw apns.error("payload", "missing") }
        guard let apsFields = try payload.nested("aps") else { throw payload.error("aps", "missing") }
        var aps = APSBuilder()
        APNsMembers.copy(apsFields, into: &aps)
        if let token = try apns.string("live_activity_token") {
            if let id = request.id {
                throw apns.error("live_activity_token", "give live_activity_token or --id \(id), not both")
            }
            return aps.notification(to: .pushToken(token), addressField: apns.field("live_activity_token"))
        }
        guard let id = request.id else {
            throw apns.error("live_activity_token", "missing (or give the activity id with --id)")
        }
        return aps.notification(to: .id(id), addressField: nil)
    }
}
