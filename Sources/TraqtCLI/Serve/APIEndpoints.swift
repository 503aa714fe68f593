import HTTPServer
import TraqtCore

/// The endpoints of `traqt serve`: each parses its request, makes the same
/// store call as the command line, and answers with the same JSON that
/// command's `--json` prints.
enum APIEndpoints {
    static let routes: [APIRoute] = [
        APIRoute(method: "GET", pattern: "/v1/today", scope: .read,
                 summary: "The activities still pending now, as today --json prints them.", answer: .json("Activities"),
                 handle: today),
        APIRoute(method: "GET", pattern: "/v1/activities", scope: .read,
                 summary: "Every activity, as list --json prints them.", answer: .json("Activities"),
                 handle: activities),
        APIRoute(method: "GET", pattern: "/v1/activities/{id}", scope: .read,
                 summary: "One activity.", answer: .json("Activity"), handle: activity),
        APIRoute(method: "PUT", pattern: "/v1/activities/{id}", scope: .write,
                 summary: "Create or replace the activity (a writer's save): name, days or daysOfWeek, time or timeOfDay.",
                 body: "ActivityWrite", answer: .createdOrReplaced("Activity"), handle: putActivity),
        APIRoute(method: "DELETE", pattern: "/v1/activities/{id}", scope: .write,
                 summary: "Remove the activity.", answer: .noContent, handle: removeActivity),
        APIRoute(method: "POST", pattern: "/v1/activities/{id}/done", scope: .write,
                 summary: "Mark a day done: {\"date\": DATE}, today by default.", body: "DoneRequest",
                 answer: .json("MarkAnswer"), handle: { try mark(.done, $0) }),
        APIRoute(method: "DELETE", pattern: "/v1/activities/{id}/done", scope: .write,
                 summary: "Take back a done mark: ?date=DATE, today by default.", query: ["date"],
                 answer: .json("MarkAnswer"), handle: { try unmark(.done, $0) }),
        APIRoute(method: "POST", pattern: "/v1/activities/{id}/skip", scope: .write,
                 summary: "Skip a day or days: {\"date\": DATE} or {\"from\": DATE, \"to\": DATE}, today by default.",
                 body: "SkipRequest", answer: .json("MarkAnswer"), handle: { try mark(.skipped, $0) }),
        APIRoute(method: "DELETE", pattern: "/v1/activities/{id}/skip", scope: .write,
                 summary: "Take back skips: ?date=DATE or ?from=DATE&to=DATE, today by default.",
                 query: ["date", "from", "to"], answer: .json("MarkAnswer"), handle: { try unmark(.skipped, $0) }),
        APIRoute(method: "GET", pattern: "/v1/summary", scope: .read,
                 summary: "The day's summary as summary --json prints it: ?date=DATE, &week=true for its week.",
                 query: ["date", "week"], answer: .json("Summary"), handle: summary),
        APIRoute(method: "GET", pattern: "/v1/live", scope: .read,
                 summary: "The live activities, as live list --json prints them.", answer: .json("LiveActivities"),
                 handle: live),
        APIRoute(method: "GET", pattern: "/v1/events", scope: .read,
                 summary: "Server-Sent Events: a watch --json object whenever what it shows changes; Last-Event-ID resumes.",
                 answer: .eventStream, handle: events),
        // It holds no data: served to anyone, so that a client can read it before it has a token.
        APIRoute(method: "GET", pattern: "/openapi.json", scope: nil,
                 summary: "This API described as an OpenAPI 3.1 document.", handle: OpenAPIDocument.response),
    ] + [ActivityEditEndpoint.route] + LiveEndpoints.routes

    // MARK: - Activities

    static func today(_ call: APICall) throws -> HTTPResponse {
        let store = try call.openForReading()
        return try json(ActivityJSONView(store: store, pending: PendingFilter(at: call.now.localDateTime)))
    }

    static func activities(_ call: APICall) throws -> HTTPResponse {
        try json(ActivityJSONView(store: try call.openForReading(), pending: nil))
    }

    static func activity(_ call: APICall) throws -> HTTPResponse {
        let id = call.parameter("id")
        guard let activity = try call.openForReading().activity(id: id) else { throw EditError.unknownID(id) }
        return object(activity)
    }

    static func putActivity(_ call: APICall) throws -> HTTPResponse {
        let id = call.parameter("id")
        let activity = try Activity.decode(object: try call.jsonBody(), id: id)
        let store = try call.service.openForWriting(createIfMissing: true)
        let outcome = try store.upsert(activity, now: call.now.seconds)
        var answer = try stored(id, in: store)
        if outcome == .added {
            answer.status = 201
            answer.headers.append(location("/v1/activities", id))
        }
        return answer
    }

    static func removeActivity(_ call: APICall) throws -> HTTPResponse {
        let id = call.parameter("id")
        let store = try call.service.openForWriting(createIfMissing: false)
        // An unknown id is refused by the store, which names it.
        try store.remove(ids: [id])
        return HTTPResponse(status: 204)
    }

    // MARK: - Marks

    static func mark(_ kind: DayMarkKind, _ call: APICall) throws -> HTTPResponse {
        let fields = try RequestFields(try call.jsonBody(), known: kind == .skipped ? ["date", "from", "to"] : ["date"])
        let range = try dates(kind, call) { name throws(APIError) in try fields.string(name) }
        let id = call.parameter("id")
        let store = try call.service.openForWriting(createIfMissing: false)
        let outcomes = try store.mark(kind, .activities([id]), from: range.from, to: range.to, now: call.now)
        return markAnswer(id: id, range: range, changed: outcomes.first?.changedDates ?? 0)
    }

    static func unmark(_ kind: DayMarkKind, _ call: APICall) throws -> HTTPResponse {
        let range = try dates(kind, call) { name throws(APIError) in call.request.parameter(name) }
        let id = call.parameter("id")
        let store = try call.service.openForWriting(createIfMissing: false)
        let outcomes = try store.unmark(kind, .activities([id]), from: range.from, to: range.to)
        return markAnswer(id: id, range: range, changed: outcomes.first?.changedDates ?? 0)
    }

    /// `date`, or (for skips) `from` and `to`; today when none is given.
    private static func dates(_ kind: DayMarkKind, _ call: APICall,
                              _ field: (String) throws(APIError) -> String?) throws -> (from: LocalDate, to: LocalDate) {
        let today = call.now.localDate
        func read(_ name: String) throws -> LocalDate? {
            guard let text = try field(name) else { return nil }
            do { return try LocalDate.parse(text, today: today) } catch {
                throw APIError.invalidParameter(name: name, message: error.message)
            }
        }
        let date = try read("date")
        let from = kind == .skipped ? try read("from") : nil
        let to = kind == .skipped ? try read("to") : nil
        if let date {
            guard from == nil, to == nil else {
                throw APIError.invalidParameter(name: "date", message: "cannot be given with from and to")
            }
            return (date, date)
        }
        guard let from else {
            if to != nil { throw APIError.invalidParameter(name: "to", message: "needs from") }
            return (today, today)
        }
        do { return try MarkOptions.checkedRange(from: from, to: to ?? from) } catch {
            throw APIError.invalidParameter(name: "to", message: error.message)
        }
    }

    private static func markAnswer(id: String, range: (from: LocalDate, to: LocalDate), changed: Int) -> HTTPResponse {
        var body: [UInt8] = Array(#"{"id":"#.utf8)
        JSONWriter.appendString(id, to: &body)
        body.append(contentsOf: #","from":"#.utf8)
        JSONWriter.appendString(range.from.description, to: &body)
        body.append(contentsOf: #","to":"#.utf8)
        JSONWriter.appendString(range.to.description, to: &body)
        body.append(contentsOf: #","changedDates":"#.utf8)
        JSONWriter.appendInteger(changed, to: &body)
        body.append(contentsOf: "}\n".utf8)
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }

    // MARK: - Summary and live activities

    static func summary(_ call: APICall) throws -> HTTPResponse {
        let today = call.now.localDate
        var date = today
        if let text = call.request.parameter("date") {
            do { date = try LocalDate.parse(text, today: today) } catch {
                throw APIError.invalidParameter(name: "date", message: error.message)
            }
        }
        let week: Bool
        switch call.request.parameter("week") {
        case nil, "false": week = false
        case "true": week = true
        case let other?: throw APIError.invalidParameter(name: "week", message: "expected true or false, not '\(other)'")
        }
        let dates = week ? (0..<7).map { date.mondayOfWeek.adding(days: $0) }.filter(SupportedDates.contains) : [date]
        let store = try call.openForReading()
        let output = OutputBuffer.inMemory()
        try store.readAgenda(of: dates, now: call.now) { days in
            let spent = try dates.map { try store.timeSpent(on: $0, now: call.now) }
            try SummaryJSONView(days: days, spent: spent, week: week).write(to: output)
        }
        return HTTPResponse(status: 200, contentType: "application/json", body: output.bytes)
    }

    static func live(_ call: APICall) throws -> HTTPResponse {
        let activities = try call.openForReading().liveActivities(now: call.now)
        return try json(LiveJSONView(activities: activities, now: call.now))
    }

    static func events(_ call: APICall) throws -> HTTPResponse {
        guard let hub = call.service.events else { throw APIError.unavailable("the event stream does not run here") }
        guard let stream = hub.subscribe(lastEventID: call.request.header("Last-Event-ID")) else {
            throw APIError.unavailable("too many event streams (at most \(hub.limit)), or the server is stopping")
        }
        var answer = HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")])
        answer.stream = stream
        return answer
    }

    // MARK: - Answers

    private static func json(_ view: some OutputView) throws -> HTTPResponse {
        let output = OutputBuffer.inMemory()
        try view.write(to: output)
        return HTTPResponse(status: 200, contentType: "application/json", body: output.bytes)
    }

    /// The activity as stored after a write, as GET answers it.
    static func stored(_ id: String, in store: ActivityStore) throws -> HTTPResponse {
        guard let saved = try store.activity(id: id) else { throw EditError.unknownID(id) }
        return object(saved)
    }

    /// Where a created or renamed resource now is: a header holds ASCII
    /// alone, and an id may hold spaces or any Unicode.
    static func location(_ collection: String, _ id: String) -> (String, String) {
        ("Location", collection + "/" + PercentEncoding.encoded(id))
    }

    private static func object(_ activity: Activity) -> HTTPResponse {
        var body: [UInt8] = []
        activity.appendJSON(to: &body)
        body.append(UInt8(ascii: "\n"))
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
}
