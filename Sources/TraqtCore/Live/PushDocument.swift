/// A push request as push services send it, in any of four shapes:
/// 1. a push vendor's envelope `{"request": {"auth": …, "notifications": [N, …]}}`;
/// 2. a notification `N`: `{"live_activity_id": ID, "live_activity": {"event": …, …}}`;
/// 3. an APNs payload: `{"aps": {"event": …, …}, "live_activity_id": ID}`;
/// 4. an array of any of these.
/// Notifications are counted from 0 across the whole document, envelopes and
/// arrays flattened in order.
public enum PushDocument {
    /// The largest document (or `--follow` line) read: far more than 10,000
    /// notifications of full 4 KB states, far less than a machine's memory.
    public static let byteLimit = 64 << 20

    /// The notifications of `document`, in order. With `token`, every one must
    /// come from an envelope whose `auth` equals it (compared in constant time);
    /// anything else throws `PushError.unauthorized` before any other check.
    public static func notifications(in document: JSONValue, token: String?) throws(PushError) -> [PushNotification] {
        var items: [(value: JSONValue, path: String)] = []
        // Per top-level part: an envelope's auth (null when it has none), or nil for anything else.
        var auths: [JSONValue?] = []
        var malformed: PushError?
        func add(_ value: JSONValue) {
            guard case .object = value else {
                auths.append(nil)
                malformed = malformed ?? .invalid(index: items.count, field: nil,
                                                  message: "expected an object, found \(value.kindName)")
                return
            }
            guard let request = value["request"] else {
                auths.append(nil)
                items.append((value, ""))
                return
            }
            auths.append(request["auth"] ?? .null)
            guard case .object = request, case let .array(notifications)? = request["notifications"] else {
                malformed = malformed ?? .invalid(index: items.count, field: "request.notifications",
                                                  message: "an envelope needs an array of notifications")
                return
            }
            for (position, notification) in notifications.enumerated() {
                items.append((notification, "request.notifications[\(position)]."))
            }
        }
        if case let .array(elements) = document {
            for element in elements { add(element) }
        } else {
            add(document)
        }
        // Without the right token nothing else is looked at, malformed parts included.
        if let token {
            for auth in auths {
                guard case let .string(auth)? = auth, PushToken.matches(auth, token) else {
                    throw .unauthorized
                }
            }
        }
        if let malformed { throw malformed }
        var result: [PushNotification] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try PushNotification(item.value, index: index, path: item.path))
        }
        return result
    }
}
