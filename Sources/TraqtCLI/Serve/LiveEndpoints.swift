import HTTPServer
import TraqtCore

/// The live activities' writes: each body holds its live command's options as
/// camelCase fields, read by the same parsers, applied by the same store call
/// (`applyLive`), and each answers with the live activity as `live list
/// --json` prints it.
enum LiveEndpoints {
    static let routes: [APIRoute] = [
        APIRoute(method: "POST", pattern: "/v1/live", scope: .write,
                 summary: "Start a live activity, as live start: activityId and/or id, type, attributes, state, staleAfter or staleAt, relevance, maxDuration.",
                 handle: start),
        APIRoute(method: "PATCH", pattern: "/v1/live/{id}", scope: .write,
                 summary: "Update a running live activity, as live update: state or set, staleAfter or staleAt, relevance.",
                 handle: update),
        APIRoute(method: "POST", pattern: "/v1/live/{id}/end", scope: .write,
                 summary: "End a live activity, as live end: state, dismiss.", handle: end),
    ]

    static let startFields = ["activityId", "id", "type", "attributes", "state", "staleAfter", "staleAt", "relevance", "maxDuration"]
    static let updateFields = ["state", "set", "staleAfter", "staleAt", "relevance"]
    static let endFields = ["state", "dismiss"]

    static func start(_ call: APICall) throws -> HTTPResponse {
        let fields = try RequestFields(try call.jsonBody(), known: startFields)
        let activityID = try fields.string("activityId")
        guard let id = try fields.parsed("id", LiveOptions.parseID) ?? activityID else {
            throw APIError.invalidBody(message: "'id' is missing (it is needed without an activityId)")
        }
        let start = LiveStart(
            type: try fields.parsed("type", LiveOptions.parseType) ?? LiveActivity.defaultType,
            activity: activityID.map(LiveStart.Activity.required) ?? .none,
            attributes: try object("attributes", fields) ?? .empty,
            state: try object("state", fields) ?? .empty,
            stale: try stale(fields, call),
            relevance: try fields.number("relevance", LiveOptions.parseRelevance) ?? 0,
            maxDuration: try fields.parsed("maxDuration", TimeSpan.parse) ?? LiveActivity.defaultMaxDuration)
        let store = try call.service.openForWriting(createIfMissing: true)
        var answer = try apply(LiveEvent(id: id, change: .start(start)), store, call)
        answer.status = 201
        answer.headers.append(APIEndpoints.location("/v1/live", id))
        return answer
    }

    static func update(_ call: APICall) throws -> HTTPResponse {
        let fields = try RequestFields(try call.jsonBody(), known: updateFields)
        try fields.refuseTogether("state", "set")
        let changes = try fields.object("set") ?? []
        let state = try object("state", fields).map(LiveUpdate.State.replace) ?? (changes.isEmpty ? .keep : .set(changes))
        // As live update: the stale time belongs to the content, and an update without one clears it.
        let update = LiveUpdate(state: state, stale: try stale(fields, call),
                                relevance: try fields.number("relevance", LiveOptions.parseRelevance))
        let store = try call.service.openForWriting(createIfMissing: false)
        return try apply(LiveEvent(id: call.parameter("id"), change: .update(update)), store, call)
    }

    static func end(_ call: APICall) throws -> HTTPResponse {
        let fields = try RequestFields(try call.jsonBody(), known: endFields)
        let dismissal = try fields.parsed("dismiss") { (text) throws(InvalidValue) in
            try DismissalPolicy.parse(text, today: { call.now.localDateTime })
        }
        let end = LiveEnd(state: try object("state", fields), dismissal: dismissal ?? .default)
        let store = try call.service.openForWriting(createIfMissing: false)
        // One that had ended is answered as it is, as live end says so without failing.
        return try apply(LiveEvent(id: call.parameter("id"), change: .end(end)), store, call)
    }

    /// `staleAfter` (a duration) or `staleAt` (a date and time, `HH:MM` on the
    /// request's day), not both, as `--stale-after` and `--stale-at`.
    private static func stale(_ fields: RequestFields, _ call: APICall) throws(APIError) -> StaleTime? {
        try fields.refuseTogether("staleAfter", "staleAt")
        if let span = try fields.parsed("staleAfter", TimeSpan.parse) { return .after(span) }
        return try fields.parsed("staleAt") { (text) throws(InvalidValue) in
            try Instant.parse(text, today: { call.now.localDateTime })
        }.map(StaleTime.at)
    }

    /// A JSON object a live activity keeps; over 4096 bytes it is refused by
    /// `LiveObject`, naming the field.
    private static func object(_ name: String, _ fields: RequestFields) throws -> LiveObject? {
        guard let members = try fields.object(name) else { return nil }
        return try LiveObject(.object(members), field: name)
    }

    /// Applies the event and answers with its live activity as stored, a
    /// dismissed one too (an end may dismiss it at once).
    private static func apply(_ event: LiveEvent, _ store: ActivityStore, _ call: APICall) throws -> HTTPResponse {
        _ = try store.applyLive([event], now: call.now)
        let stored = try store.liveActivities(now: call.now, includeDismissed: true)
        guard let live = stored.first(where: { $0.id.utf8.elementsEqual(event.id.utf8) }) else { throw LiveError.unknownID(event.id) }
        var body: [UInt8] = []
        live.appendJSON(to: &body, now: call.now)
        body.append(UInt8(ascii: "\n"))
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
}
