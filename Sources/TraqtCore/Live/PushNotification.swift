/// One notification of a push document, read whole when the document is:
/// anything malformed in it (a wrong type, a missing field, an unknown event)
/// refuses the whole document, while what the rules refuse of a well-formed one
/// (its size, its dates) refuses it alone, as APNs answers each request. Only
/// what it changes is kept, not its tree.
public struct PushNotification: Sendable {
    /// The most bytes an APNs payload may have, as Apple limits it.
    public static let payloadLimit = 4096

    /// 0-based, across the whole document.
    public let index: Int
    public let address: LiveAddress
    /// `start`, `update` or `end`.
    public let event: String
    public let change: LiveChange
    public let order: PushOrder?
    public let alert: String?
    public let refusedBeforeApplying: LiveError?
    /// The field that names its live activity (`live_activity_id`), for messages
    /// about that live activity; nil when the request's address named it (a token).
    public let idField: String?

    /// The id it is addressed to (in its body, or by `--id`); nil for a token.
    public var id: String? {
        if case let .id(id) = address { return id }
        return nil
    }

    /// The push token it is addressed to, as given; nil for an id or a channel.
    public var pushToken: String? {
        if case let .pushToken(token) = address { return token }
        return nil
    }

    public var timestamp: PushTimestamp? { order?.timestamp }

    /// A notification that names its live activity by `live_activity_id`.
    init(_ value: JSONValue, index: Int, path: String) throws(PushError) {
        guard case .object = value else {
            throw .invalid(index: index, field: nil, message: "expected a notification object, found \(value.kindName)")
        }
        let idField = path + "live_activity_id"
        guard let idValue = value["live_activity_id"] else { throw .invalid(index: index, field: idField, message: "missing") }
        guard case let .string(id) = idValue else {
            throw .invalid(index: index, field: idField, message: "expected a string, found \(idValue.kindName)")
        }
        do { try Activity.validate(id: id) } catch {
            throw .invalid(index: index, field: idField, message: error.message)
        }
        let name = value["live_activity"] != nil ? "live_activity" : "aps"
        guard let body = value[name] else {
            throw .invalid(index: index, field: path + "live_activity", message: "missing (or an APNs 'aps' object)")
        }
        try self.init(body: body, bodyPath: path + name, address: .id(id), idField: idField, index: index)
    }

    /// A raw APNs payload (`{"aps": …}`), addressed as APNs addresses it: by the
    /// request (a push token, a channel, or an id for a local sender), never by
    /// its body. `bytes` is its size as sent, which the payload limit measures.
    init(apns value: JSONValue, bytes: Int, address: LiveAddress, index: Int) throws(PushError) {
        guard case .object = value else {
            throw .invalid(index: index, field: nil, message: "expected an APNs payload object, found \(value.kindName)")
        }
        if value["live_activity_id"] != nil {
            throw .invalid(index: index, field: "live_activity_id",
                           message: "an addressed push names its live activity by --token, --channel or --id, not in its body")
        }
        guard let body = value["aps"] else { throw .invalid(index: index, field: "aps", message: "missing") }
        try self.init(body: body, bodyPath: "aps", address: address, idField: nil, index: index, bytesAsSent: bytes)
    }

    /// A vendor's notification, read as the APNs payload it stands for.
    init(vendor notification: VendorNotification, index: Int) throws(PushError) {
        if case let .id(id) = notification.address {
            do { try Activity.validate(id: id) } catch {
                throw .invalid(index: index, field: notification.addressField, message: error.message)
            }
        }
        try self.init(body: notification.aps, bodyPath: "aps", address: notification.address,
                      idField: notification.addressField, index: index, fields: notification.fields)
    }

    /// `body` is the `aps` object (or a vendor's object of the same members);
    /// `fields` names a member as the sender wrote it, when a vendor's shape
    /// was translated (`content_state` for `content-state`).
    init(body: JSONValue, bodyPath: String, address: LiveAddress, idField: String?, index: Int,
         bytesAsSent: Int? = nil, fields: [String: String] = [:]) throws(PushError) {
        guard case .object = body else {
            throw .invalid(index: index, field: bodyPath, message: "expected an object, found \(body.kindName)")
        }
        self.index = index
        self.address = address
        self.idField = idField
        let bodyID: String? = if case let .id(id) = address { id } else { nil }
        var reader = NotificationBody(body: body, bodyPath: bodyPath + ".", fields: fields, index: index, id: bodyID)
        let timestamp = try reader.date("timestamp")
        (event, change) = try reader.change()
        alert = try reader.alert()
        // The payload as APNs would carry it, compact: what the same request sent again repeats.
        var payload = Array(#"{"aps":"#.utf8)
        body.appendCompact(to: &payload)
        payload.append(UInt8(ascii: "}"))
        order = PushOrder(timestamp: timestamp, payload: String(decoding: payload, as: UTF8.self))
        let bytes = bytesAsSent ?? payload.count
        refusedBeforeApplying = bytes > Self.payloadLimit ? .payloadTooLarge(bytes: bytes) : reader.refusal
    }
}

extension PushNotification: LiveRequest {
    /// The rules refuse the notification alone: `applyPush` answers it so.
    public func refusal(_ error: LiveError) -> any Error { RefusedPush(error: error) }
}

/// A notification the rules refused, on its way from the writer to its outcome.
struct RefusedPush: Error {
    let error: LiveError
}

/// The object holding `event` and the content (`live_activity` or `aps`), read
/// into the change it makes. What is malformed is thrown; the first thing the
/// rules refuse of a well-formed body is kept as `refusal`.
private struct NotificationBody {
    let body: JSONValue
    /// The body's field path, for messages: `aps.` or `live_activity.`, behind
    /// the envelope's `request.notifications[N].` when inside one.
    let bodyPath: String
    /// A member's name as a vendor's sender wrote it, where it is not APNs's.
    let fields: [String: String]
    let index: Int
    /// The id it is addressed to: a start there runs on the activity of that id,
    /// as a local start of that id does; nil for a token.
    let id: String?
    private(set) var refusal: LiveError?

    init(body: JSONValue, bodyPath: String, fields: [String: String], index: Int, id: String?) {
        self.body = body
        self.bodyPath = bodyPath
        self.fields = fields
        self.index = index
        self.id = id
    }

    /// Where a member is, as messages name it.
    func field(_ name: String) -> String { fields[name] ?? bodyPath + name }

    private func value(_ name: String) -> JSONValue? {
        guard let value = body[name], value != .null else { return nil }
        return value
    }

    mutating func change() throws(PushError) -> (String, LiveChange) {
        guard let eventValue = body["event"] else { throw .invalid(index: index, field: field("event"), message: "missing") }
        guard case let .string(event) = eventValue, ["start", "update", "end"].contains(event) else {
            throw .invalid(index: index, field: field("event"), message: "expected \"start\", \"update\" or \"end\"")
        }
        let state = try object("content-state")
        let stale = try date("stale-date").map { StaleTime.at($0.instant) }
        let relevance = try number("relevance-score")
        switch event {
        case "start":
            var type = LiveActivity.defaultType
            if let typeValue = value("attributes-type") {
                guard case let .string(text) = typeValue, !text.isEmpty else {
                    throw .invalid(index: index, field: field("attributes-type"), message: "expected a non-empty string")
                }
                type = text
            }
            let required = ["attributes-type", "attributes", "alert"]
            return (event, .start(LiveStart(
                type: type, activity: id.map(LiveStart.Activity.ifExists) ?? .none,
                attributes: try object("attributes") ?? .empty, state: state ?? .empty,
                stale: stale, relevance: relevance ?? 0,
                missingForPushToStart: required.filter { value($0) == nil },
                reportsPushToken: try inputPushToken(), channel: try string("input-push-channel"))))
        case "update":
            return (event, .update(LiveUpdate(state: state.map(LiveUpdate.State.replace) ?? .keep, stale: stale,
                                              relevance: relevance)))
        default:
            let dismissal = try date("dismissal-date")
            return (event, .end(LiveEnd(state: state, dismissal: dismissal.map { DismissalPolicy.at($0.instant) } ?? .default,
                                        stale: stale, relevance: relevance)))
        }
    }

    /// A member that must be a JSON object, if present; one over the size
    /// limit is kept as the refusal and read as empty.
    private mutating func object(_ name: String) throws(PushError) -> LiveObject? {
        guard let value = value(name) else { return nil }
        do {
            return try LiveObject(value, field: field(name))
        } catch .tooLarge(let field, let bytes) {
            refusal = refusal ?? .tooLarge(field: field, bytes: bytes)
            return .empty
        } catch {
            throw .invalid(index: index, field: field(name), message: error.description)
        }
    }

    /// A date in seconds since the epoch, kept to the millisecond; one that
    /// cannot be seconds is kept as the refusal.
    mutating func date(_ name: String) throws(PushError) -> PushTimestamp? {
        guard let value = value(name) else { return nil }
        guard case let .number(text) = value else {
            throw .invalid(index: index, field: field(name), message: "expected seconds since the epoch, found \(value.kindName)")
        }
        switch PushTimestamp.seconds(text[...]) {
        case let .success(timestamp): return timestamp
        case let .failure(problem):
            refusal = refusal ?? .badDate(field: field(name), problem)
            return nil
        }
    }

    private func number(_ name: String) throws(PushError) -> Double? {
        guard let value = value(name) else { return nil }
        guard case let .number(text) = value, let number = Double(text), number.isFinite else {
            throw .invalid(index: index, field: field(name), message: "expected a number, found \(value.kindName)")
        }
        return number
    }

    private func string(_ name: String) throws(PushError) -> String? {
        guard let value = value(name) else { return nil }
        guard case let .string(text) = value, !text.isEmpty else {
            throw .invalid(index: index, field: field(name), message: "expected a non-empty string, found \(value.kindName)")
        }
        return text
    }

    /// `input-push-token`: 1 (as Apple writes it) or true asks for the token.
    private func inputPushToken() throws(PushError) -> Bool {
        switch value("input-push-token") {
        case nil: return false
        case let .bool(flag)?: return flag
        case let .number(text)?: return Double(text) != 0
        case let other?:
            throw .invalid(index: index, field: field("input-push-token"), message: "expected 1, found \(other.kindName)")
        }
    }

    /// The alert as kept: an object (`title`, `body`, `sound`, or the
    /// `loc-key`/`loc-args` forms), or a string taken as its body.
    func alert() throws(PushError) -> String? {
        switch value("alert") {
        case nil: return nil
        case let .string(text)?: return JSONValue.object([("body", .string(text))]).compactJSON
        case let .object(members)?:
            for (key, member) in members {
                switch (key, member) {
                case ("title-loc-args", .array(let items)), ("subtitle-loc-args", .array(let items)), ("loc-args", .array(let items)):
                    if items.contains(where: { if case .string = $0 { false } else { true } }) {
                        throw .invalid(index: index, field: field("alert") + "." + key, message: "expected an array of strings")
                    }
                case (_, .string), ("sound", .object): break
                case (_, let other):
                    throw .invalid(index: index, field: field("alert") + "." + key, message: "expected a string, found \(other.kindName)")
                }
            }
            return JSONValue.object(members).compactJSON
        case let other?:
            throw .invalid(index: index, field: field("alert"), message: "expected an object, found \(other.kindName)")
        }
    }
}
