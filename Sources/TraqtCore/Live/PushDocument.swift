/// A push request as push services send it, in any of these shapes:
/// 1. a push vendor's envelope `{"request": {"auth": …, "notifications": [N, …]}}`;
/// 2. a notification `N`: `{"live_activity_id": ID, "live_activity": {"event": …, …}}`;
/// 3. an APNs payload: `{"aps": {"event": …, …}, "live_activity_id": ID}`;
/// 4. a push vendor's own body (Pushwoosh, OneSignal, Braze, Firebase), as
///    `PushVendor` reads it: recognized by its members, or named by the request;
/// 5. an array of any of these.
/// Notifications are counted from 0 across the whole document, envelopes and
/// arrays flattened in order.
public enum PushDocument {
    /// The largest document (or `--follow` line) read: far more than 10,000
    /// notifications of full 4 KB states, far less than a machine's memory.
    public static let byteLimit = 64 << 20

    /// The notifications of the JSON document `bytes`, in order. It is read part
    /// by part, never as one tree: one notification's tree at a time, and each
    /// kept only as what it changes. With `token`, every part must be an envelope
    /// whose `auth` equals it (compared in constant time), which a first pass
    /// checks keeping nothing but the auths: anything else throws
    /// `PushError.unauthorized` before any other check. Throws `JSONSyntaxError`
    /// (before anything else) or `PushError`.
    ///
    /// With `address` (the request's push token, or `--id`), the document is one
    /// raw APNs payload `{"aps": …}`, as APNs takes it: the address names its
    /// live activity, the body never does.
    ///
    /// `vendor` says what the request said of a vendor's body (which vendor,
    /// endpoint, and the values of its path).
    public static func notifications(in bytes: ArraySlice<UInt8>, token: String?,
                                     addressedTo address: LiveAddress? = nil,
                                     vendor: VendorRequest = VendorRequest()) throws -> [PushNotification] {
        if let token { try authorize(bytes, token: token) }
        if let address {
            var parser = JSONParser(bytes)
            let value = try parser.readValue()
            try parser.finish()
            return [try PushNotification(apns: value, bytes: bytes.count, address: address, index: 0)]
        }
        var parser = JSONParser(bytes)
        var collector = Collector(vendor: vendor)
        try forEachPart(&parser) { parser in try collector.add(part: &parser) }
        try parser.finish()
        return try collector.result()
    }

    /// Hands `body` each top-level part: an array's elements, or the document.
    private static func forEachPart(_ parser: inout JSONParser, _ body: (inout JSONParser) throws -> Void) throws {
        guard try parser.nextKind() == .array else { return try body(&parser) }
        parser.enterArray()
        while try parser.nextElement() { try body(&parser) }
    }

    /// Throws `unauthorized` unless every part is an envelope whose auth is a
    /// string equal to `token`; a name given twice counts at its last place, as
    /// `JSONValue`'s subscript reads it.
    private static func authorize(_ bytes: ArraySlice<UInt8>, token: String) throws {
        var parser = JSONParser(bytes)
        var authorized = true
        try forEachPart(&parser) { parser in
            var auth: String?
            try parser.forEachMember { name, parser in
                guard name == "request" else { return try parser.skipValue() }
                auth = nil
                try parser.forEachMember { name, parser in
                    guard name == "auth" else { return try parser.skipValue() }
                    auth = nil
                    guard try parser.nextKind() == .string else { return try parser.skipValue() }
                    if case let .string(text) = try parser.readValue() { auth = text }
                }
            }
            if !(auth.map { PushAuthorization.matches($0, token) } ?? false) { authorized = false }
        }
        try parser.finish()
        if !authorized { throw PushError.unauthorized }
    }

    /// The notifications of a document as its parts are read. Problems are kept
    /// and thrown once the whole document has been read, in the order a reading
    /// of the whole tree would meet them: a syntax error anywhere first (it is
    /// thrown as it is met), then the first malformed part, then the first bad
    /// notification.
    private struct Collector {
        let vendor: VendorRequest
        private var notifications: [PushNotification] = []
        private var count = 0
        private var malformed: PushError?
        private var invalid: PushError?

        init(vendor: VendorRequest) { self.vendor = vendor }

        mutating func add(part parser: inout JSONParser) throws {
            let start = parser.position
            let kind = try parser.nextKind()
            guard kind == .object else {
                try parser.skipValue()
                report(.invalid(index: count, field: nil, message: "expected an object, found \(kind.name)"))
                return
            }
            // The last member named "request" is the envelope's, as the subscript reads it.
            var request: JSONParser.Position?
            try parser.forEachMember { name, parser in
                if name == "request" { request = parser.position }
                try parser.skipValue()
            }
            guard let request else {
                parser.position = start
                add(try parser.readValue(), path: "")
                return
            }
            let end = parser.position
            defer { parser.position = end }
            parser.position = request
            var list: JSONParser.Position?
            let isObject = try parser.forEachMember { name, parser in
                if name == "notifications" { list = parser.position }
                try parser.skipValue()
            }
            if isObject, let list {
                parser.position = list
                if try parser.nextKind() == .array {
                    parser.enterArray()
                    var position = 0
                    while try parser.nextElement() {
                        add(try parser.readValue(), path: "request.notifications[\(position)].")
                        position += 1
                    }
                    return
                }
            }
            report(.invalid(index: count, field: "request.notifications",
                            message: "an envelope needs an array of notifications"))
        }

        private mutating func add(_ value: JSONValue, path: String) {
            // After the first problem nothing more is kept: it is what is thrown.
            guard malformed == nil, invalid == nil else { return count += 1 }
            do throws(PushError) {
                if vendor.vendor != nil || PushVendor.recognize(value) != nil {
                    let read = try PushVendor.notifications(in: value, request: vendor, index: count, path: path)
                    for (offset, notification) in read.enumerated() {
                        notifications.append(try PushNotification(vendor: notification, index: count + offset))
                    }
                    count += max(read.count, 1)
                } else {
                    notifications.append(try PushNotification(value, index: count, path: path))
                    count += 1
                }
            } catch {
                invalid = error
                notifications = []
                count += 1
            }
        }

        private mutating func report(_ error: PushError) {
            malformed = malformed ?? error
            notifications = []
        }

        func result() throws(PushError) -> [PushNotification] {
            if let malformed { throw malformed }
            if let invalid { throw invalid }
            return notifications
        }
    }
}
