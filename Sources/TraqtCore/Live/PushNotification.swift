/// One notification of a push document: the id and timestamp are read at once
/// (they decide whether it is skipped); what it changes is read too, but an
/// error in it is only thrown when it is applied. Only the change is kept, not
/// the notification's tree.
public struct PushNotification: Sendable {
    /// 0-based, across the whole document.
    public let index: Int
    public let address: LiveAddress
    public let timestamp: Instant?
    /// What it changes, or the error that applying it throws.
    private let content: Result<LiveChange, PushError>
    /// The field that names its live activity (`live_activity_id`), for messages
    /// about that live activity; nil when the request's address named it (a token).
    public let idField: String?

    /// The id it is addressed to (in its body, or by `--id`); nil for a token.
    public var id: String? {
        if case let .id(id) = address { return id }
        return nil
    }

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
    /// request (a push token, or an id for a local sender), never by its body.
    init(apns value: JSONValue, address: LiveAddress, index: Int) throws(PushError) {
        guard case .object = value else {
            throw .invalid(index: index, field: nil, message: "expected an APNs payload object, found \(value.kindName)")
        }
        if value["live_activity_id"] != nil {
            throw .invalid(index: index, field: "live_activity_id",
                           message: "an addressed push names its live activity by --token or --id, not in its body")
        }
        guard let body = value["aps"] else { throw .invalid(index: index, field: "aps", message: "missing") }
        try self.init(body: body, bodyPath: "aps", address: address, idField: nil, index: index)
    }

    private init(body: JSONValue, bodyPath: String, address: LiveAddress, idField: String?, index: Int) throws(PushError) {
        guard case .object = body else {
            throw .invalid(index: index, field: bodyPath, message: "expected an object, found \(body.kindName)")
        }
        self.index = index
        self.address = address
        self.idField = idField
        timestamp = try Self.epochSeconds(body["timestamp"], index: index, field: bodyPath + ".timestamp")
        let bodyID: String? = if case let .id(id) = address { id } else { nil }
        let reader = NotificationBody(body: body, bodyPath: bodyPath + ".", index: index, id: bodyID)
        content = Result { () throws(PushError) in try reader.change() }
    }

    /// The latest moment traqt reads: 9999-12-31T23:59:59Z.
    static let latestEpochSecond = 253_402_300_799

    /// Dates in push payloads are whole seconds since the epoch, as APNs sends them.
    static func epochSeconds(_ value: JSONValue?, index: Int, field: String) throws(PushError) -> Instant? {
        guard let value, value != .null else { return nil }
        guard case let .number(text) = value, let seconds = Int(text), (0...latestEpochSecond).contains(seconds) else {
            throw .invalid(index: index, field: field, message: "expected whole seconds since the epoch (0…\(latestEpochSecond))")
        }
        return Instant(seconds: seconds)
    }
}

extension PushNotification: LiveRequest {
    /// What the notification does; throws for an unknown event or bad content.
    public func readChange() throws(PushError) -> LiveChange { try content.get() }

    /// The rules refuse the notification for its id's live activity.
    public func refusal(_ error: LiveError) -> any Error {
        PushError.invalid(index: index, field: idField, message: error.description, reason: error.reason)
    }
}

/// The object holding `event` and the content (`live_activity` or `aps`), read
/// into the change it makes.
private struct NotificationBody {
    let body: JSONValue
    /// The body's field path, for messages: `aps.` or `live_activity.`, behind
    /// the envelope's `request.notifications[N].` when inside one.
    let bodyPath: String
    let index: Int
    /// The id it is addressed to: a start there runs on the activity of that id,
    /// as a local start of that id does; nil for a token.
    let id: String?

    func change() throws(PushError) -> LiveChange {
        let eventField = bodyPath + "event"
        guard let eventValue = body["event"] else { throw .invalid(index: index, field: eventField, message: "missing") }
        guard case let .string(event) = eventValue, ["start", "update", "end"].contains(event) else {
            throw .invalid(index: index, field: eventField, message: "expected \"start\", \"update\" or \"end\"")
        }
        let state = try object("content-state")
        let stale = try PushNotification.epochSeconds(body["stale-date"], index: index, field: bodyPath + "stale-date").map(StaleTime.at)
        let relevance = try number("relevance-score")
        switch event {
        case "start":
            let typeField = bodyPath + "attributes-type"
            var type = LiveActivity.defaultType
            if let typeValue = body["attributes-type"], typeValue != .null {
                guard case let .string(text) = typeValue, !text.isEmpty else {
                    throw .invalid(index: index, field: typeField, message: "expected a non-empty string")
                }
                type = text
            }
            let required = ["attributes-type", "attributes", "alert"]
            return .start(LiveStart(type: type, activity: id.map(LiveStart.Activity.ifExists) ?? .none,
                                    attributes: try object("attributes") ?? .empty, state: state ?? .empty,
                                    stale: stale, relevance: relevance ?? 0,
                                    missingForPushToStart: required.filter { body[$0] == nil || body[$0] == .null }))
        case "update":
            return .update(LiveUpdate(state: state.map(LiveUpdate.State.replace) ?? .keep, stale: stale,
                                      relevance: relevance))
        default:
            let dismissal = try PushNotification.epochSeconds(body["dismissal-date"], index: index, field: bodyPath + "dismissal-date")
            return .end(LiveEnd(state: state, dismissal: dismissal.map(DismissalPolicy.at) ?? .default,
                                stale: stale, relevance: relevance))
        }
    }

    /// A member that must be a JSON object within the size limit, if present.
    private func object(_ name: String) throws(PushError) -> LiveObject? {
        guard let value = body[name], value != .null else { return nil }
        do {
            return try LiveObject(value, field: name)
        } catch {
            throw .invalid(index: index, field: bodyPath + name, message: error.description)
        }
    }

    private func number(_ name: String) throws(PushError) -> Double? {
        guard let value = body[name], value != .null else { return nil }
        guard case let .number(text) = value, let number = Double(text), number.isFinite else {
            throw .invalid(index: index, field: bodyPath + name, message: "expected a number, found \(value.kindName)")
        }
        return number
    }
}
