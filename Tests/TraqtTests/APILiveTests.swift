import Foundation
import HTTPServer
import Testing
@testable import TraqtCLI
import TraqtCore

/// The write endpoints that `traqt edit` and the live commands have over HTTP:
/// each success is held to what the command line then shows, and each refusal
/// to its status, its reason, and a database left byte for byte as it was.
@Suite("the HTTP API's edit and live writes, answered in-process")
struct APILiveTests {
    /// A refused request: what is sent, and the status, reason and words of its problem.
    struct Refusal {
        let method: String, target: String, body: String?, status: Int, reason: String, detail: String

        init(_ method: String, _ target: String, _ body: String?, _ status: Int, _ reason: String, _ detail: String = "") {
            (self.method, self.target, self.body, self.status, self.reason, self.detail) = (method, target, body, status, reason, detail)
        }
    }

    static func expect(_ refusals: [Refusal], in scene: APIScene, token: APIScope = .write) throws {
        for refusal in refusals {
            let label = "\(refusal.method) \(refusal.target) \(refusal.body ?? "")"
            let before = try scene.databaseBytes()
            let answer = scene.send(refusal.method, refusal.target, token: token, body: refusal.body)
            #expect(answer.status == refusal.status, "\(label): \(APIScene.text(answer))")
            let problem = try APIScene.problem(answer)
            #expect(problem["reason"] as? String == refusal.reason, "\(label)")
            let detail = problem["detail"] as? String ?? ""
            #expect(refusal.detail.isEmpty || detail.contains(refusal.detail), "\(label): \(detail)")
            #expect(!detail.contains("’"), "\(label)")
            #expect(try scene.databaseBytes() == before, "\(label) changed the database")
        }
    }

    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func location(_ response: HTTPResponse) -> String? {
        response.headers.first { $0.name == "Location" }?.value
    }

    /// The answer is one object of what `live list --json` prints now, byte for byte.
    static func expectListed(_ answer: HTTPResponse, _ scene: APIScene) throws {
        let text = APIScene.text(answer)
        #expect(text.hasSuffix("}\n"))
        #expect(try scene.cli("live", "list", "--json").contains("  " + text.dropLast()), "\(text)")
    }

    // MARK: - PATCH /v1/activities/{id}

    @Test("PATCH edits only what it is given, and answers with the activity as GET and list --json show it")
    func editActivity() throws {
        let scene = try APIScene()
        let edited = scene.send("PATCH", "/v1/activities/read", body: #"{"time":"19:00"}"#)
        #expect(edited.status == 200, "\(APIScene.text(edited))")
        #expect(Self.location(edited) == nil)
        #expect(APIScene.text(edited) == APIScene.text(scene.send("GET", "/v1/activities/read")))
        #expect(try scene.cli("list", "--json").contains(APIScene.text(edited).dropLast()))
        let fields = try Self.object(edited)
        #expect(fields["name"] as? String == "Read" && fields["time"] as? String == "19:00" && fields["daysOfWeek"] as? Int == 2)

        // Both forms of a value, agreeing, as import reads them.
        let both = scene.send("PATCH", "/v1/activities/read", body: #"{"days":"mon,wed","daysOfWeek":10,"timeOfDay":1140,"name":"Reading"}"#)
        #expect(both.status == 200, "\(APIScene.text(both))")
        let after = try Self.object(both)
        #expect(after["days"] as? [String] == ["mon", "wed"] && after["name"] as? String == "Reading" && after["time"] as? String == "19:00")
    }

    @Test("PATCH with newId renames: Location of the new id, the old one 404, history along")
    func renameActivity() throws {
        let scene = try APIScene()
        try scene.cli("done", "read")
        let renamed = scene.send("PATCH", "/v1/activities/read", body: #"{"newId":"read more"}"#)
        #expect(renamed.status == 200, "\(APIScene.text(renamed))")
        // A header holds ASCII alone: the id percent-encoded.
        #expect(Self.location(renamed) == "/v1/activities/read%20more")
        #expect(scene.send("GET", "/v1/activities/read").status == 404)
        #expect(try APIScene.problem(scene.send("GET", "/v1/activities/read"))["reason"] as? String == "not-found")
        #expect(APIScene.text(scene.send("GET", "/v1/activities/read more")) == APIScene.text(renamed))
        let listed = try scene.cli("list", "--json")
        #expect(listed.contains(#""id":"read more""#) && !listed.contains(#""id":"read""#))
        // The day marked done went with it, as edit --new-id takes it.
        #expect(try scene.cli("summary", "--json", "--date", "2026-03-09").contains("read more"))
    }

    @Test("PATCH refuses a typo, nothing to change, bad or disagreeing values and a taken id, changing nothing")
    func editRefusals() throws {
        let scene = try APIScene()
        let target = "/v1/activities/read"
        try Self.expect([
            Refusal("PATCH", target, "{}", 422, "invalid", "nothing to change"),
            Refusal("PATCH", target, nil, 422, "invalid", "nothing to change"),
            Refusal("PATCH", target, #"{"name":null}"#, 422, "invalid", "nothing to change"),
            Refusal("PATCH", target, #"{"nmae":"Reading"}"#, 422, "invalid", "unknown field 'nmae'"),
            Refusal("PATCH", target, #"{"name":"Reading","id":"read","createdAt":"x"}"#, 422, "invalid", "unknown fields 'id', 'createdAt'"),
            Refusal("PATCH", target, #"{"days":"someday"}"#, 422, "invalid", "field 'days'"),
            Refusal("PATCH", target, #"{"time":"07:30","timeOfDay":600}"#, 422, "invalid", "disagrees with timeOfDay"),
            Refusal("PATCH", target, #"{"daysOfWeek":128}"#, 422, "invalid", "out of range"),
            Refusal("PATCH", target, #"{"name":7}"#, 422, "invalid", "field 'name'"),
            Refusal("PATCH", target, #"{"name":" "}"#, 422, "invalid", "the name must not be empty"),
            Refusal("PATCH", target, #"{"newId":""}"#, 422, "invalid", "field 'newId'"),
            Refusal("PATCH", target, "[1]", 422, "invalid", "expected an object"),
            Refusal("PATCH", target, "{", 400, "invalid-json"),
            Refusal("PATCH", target, #"{"newId":"walk-dog"}"#, 409, "id-taken", "walk-dog"),
            Refusal("PATCH", "/v1/activities/nope", #"{"name":"Nope"}"#, 404, "not-found", "nope"),
        ], in: scene)
    }

    // MARK: - POST /v1/live

    @Test("POST /v1/live starts as live start: 201, Location, the object live list --json prints")
    func start() throws {
        let scene = try APIScene()
        let stopwatch = scene.send("POST", "/v1/live", body: #"{"activityId":"walk-dog"}"#)
        #expect(stopwatch.status == 201, "\(APIScene.text(stopwatch))")
        #expect(Self.location(stopwatch) == "/v1/live/walk-dog")
        try Self.expectListed(stopwatch, scene)
        let watch = try Self.object(stopwatch)
        #expect(watch["id"] as? String == "walk-dog" && watch["type"] as? String == "stopwatch" && watch["activityId"] as? String == "walk-dog")

        let pizza = scene.send("POST", "/v1/live", body: """
            {"id":"pizza 1","type":"delivery","attributes":{"name":"Pizza"},"state":{"eta":"19:40"},
             "staleAfter":"10m","relevance":50,"maxDuration":"2h"}
            """)
        #expect(pizza.status == 201, "\(APIScene.text(pizza))")
        #expect(Self.location(pizza) == "/v1/live/pizza%201")
        try Self.expectListed(pizza, scene)
        // The same options on the command line store the same live activity.
        try scene.cli("live", "start", "--id", "pizza 2", "--type", "delivery", "--attributes", #"{"name":"Pizza"}"#,
                      "--state", #"{"eta":"19:40"}"#, "--stale-after", "10m", "--relevance", "50", "--max-duration", "2h")
        let listed = try scene.cli("live", "list", "--json").split(separator: "\n")
        let fromCLI = try #require(listed.first { $0.contains(#""id":"pizza 2""#) })
        // All but the push token, which each run draws anew.
        func comparable(_ text: some StringProtocol) -> String {
            String(text).replacing(/"pushToken":"[0-9a-f]{64}"/, with: "").replacingOccurrences(of: "pizza 2", with: "pizza 1")
        }
        let object = fromCLI.drop { $0 == " " }
        #expect(comparable(object.hasSuffix(",") ? object.dropLast() : object) == comparable(APIScene.text(pizza).dropLast()))
        let fields = try Self.object(pizza)
        #expect(fields["staleAt"] as? String == "2026-03-09T08:10:00+00:00" && fields["relevance"] as? Int == 50)

        let timed = scene.send("POST", "/v1/live", body: #"{"id":"build","staleAt":"09:30"}"#)
        #expect(try Self.object(timed)["staleAt"] as? String == "2026-03-09T09:30:00+00:00", "\(APIScene.text(timed))")
    }

    @Test("a start refuses what live start refuses, a running id with 409 and a state over 4096 bytes with 422")
    func startRefusals() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza"}"#).status == 201)
        let big = #"{"id":"big","state":{"text":""# + String(repeating: "x", count: 4090) + #""}}"#
        try Self.expect([
            Refusal("POST", "/v1/live", #"{"id":"pizza"}"#, 409, "already-running", "already running"),
            Refusal("POST", "/v1/live", big, 422, "invalid", "the state is 4101 bytes"),
            Refusal("POST", "/v1/live", #"{"id":"a","attributes":{"x":""# + String(repeating: "y", count: 4096) + #""}}"#,
                    422, "invalid", "the attributes is"),
            Refusal("POST", "/v1/live", "{}", 422, "invalid", "'id' is missing"),
            Refusal("POST", "/v1/live", #"{"activityId":"nope"}"#, 404, "not-found", "no activity with id 'nope'"),
            Refusal("POST", "/v1/live", #"{"id":"a","stat":{}}"#, 422, "invalid", "unknown field 'stat'"),
            Refusal("POST", "/v1/live", #"{"id":"a","state":"{}"}"#, 422, "invalid", "'state' must be an object, not a string"),
            Refusal("POST", "/v1/live", #"{"id":7}"#, 422, "invalid", "'id' must be a string"),
            Refusal("POST", "/v1/live", #"{"id":"a","relevance":"high"}"#, 422, "invalid", "'relevance' must be a number"),
            Refusal("POST", "/v1/live", #"{"id":"a","maxDuration":7200}"#, 422, "invalid", "'maxDuration' must be a string"),
            Refusal("POST", "/v1/live", #"{"id":"a","staleAfter":"soon"}"#, 400, "invalid-argument", "'staleAfter': invalid duration 'soon'"),
            Refusal("POST", "/v1/live", #"{"id":"a","maxDuration":"2 hours"}"#, 400, "invalid-argument", "'maxDuration'"),
            Refusal("POST", "/v1/live", #"{"id":"a","staleAt":"tonight"}"#, 400, "invalid-argument", "'staleAt'"),
            Refusal("POST", "/v1/live", #"{"id":"a","staleAfter":"1m","staleAt":"09:00"}"#, 400, "invalid-argument", "cannot be given with staleAfter"),
            Refusal("POST", "/v1/live", #"{"id":"a","relevance":1e999}"#, 400, "invalid-argument", "'relevance'"),
            Refusal("POST", "/v1/live", #"{"id":" "}"#, 400, "invalid-argument", "the id must not be empty"),
            Refusal("POST", "/v1/live", #"{"id":"a","type":""}"#, 400, "invalid-argument", "the type must not be empty"),
            Refusal("POST", "/v1/live", "[]", 422, "invalid", "expected an object"),
        ], in: scene)
    }

    // MARK: - PATCH /v1/live/{id}

    @Test("PATCH /v1/live/{id} updates as live update: set merges, state replaces, no stale time clears it")
    func update() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza","state":{"eta":"19:40","stop":1},"staleAfter":"1m"}"#).status == 201)
        let merged = scene.send("PATCH", "/v1/live/pizza", body: #"{"set":{"eta":"19:45","driver":"Ana"},"relevance":10}"#)
        #expect(merged.status == 200, "\(APIScene.text(merged))")
        try Self.expectListed(merged, scene)
        #expect(APIScene.text(merged).contains(#""state":{"eta":"19:45","stop":1,"driver":"Ana"}"#))
        #expect(APIScene.text(merged).contains(#""staleAt":null"#) && APIScene.text(merged).contains(#""relevance":10"#))
        // live update --set reads the same state.
        try scene.cli("live", "start", "--id", "twin", "--state", #"{"eta":"19:40","stop":1}"#)
        try scene.cli("live", "update", "twin", "--set", "eta=19:45", "--set", "driver=Ana")
        #expect(try scene.cli("live", "list", "--json").contains(#""id":"twin","type":"stopwatch","activityId":null,"name":"twin","attributes":{},"state":{"eta":"19:45","stop":1,"driver":"Ana"}"#))

        let replaced = scene.send("PATCH", "/v1/live/pizza", body: #"{"state":{"step":3},"staleAt":"2026-03-09T09:00Z"}"#)
        #expect(replaced.status == 200)
        try Self.expectListed(replaced, scene)
        #expect(APIScene.text(replaced).contains(#""state":{"step":3}"#) && APIScene.text(replaced).contains(#""staleAt":"2026-03-09T09:00:00+00:00""#))
        #expect(APIScene.text(replaced).contains(#""relevance":10"#))
    }

    @Test("an update refuses an unknown or ended id, state with set, bad fields, and a state set over 4096 bytes")
    func updateRefusals() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza"}"#).status == 201)
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"done"}"#).status == 201)
        #expect(scene.send("POST", "/v1/live/done/end").status == 200)
        try Self.expect([
            Refusal("PATCH", "/v1/live/nope", #"{"state":{}}"#, 404, "not-found", "no live activity with id 'nope'"),
            Refusal("PATCH", "/v1/live/done", #"{"state":{}}"#, 409, "ended", "has ended"),
            Refusal("PATCH", "/v1/live/pizza", #"{"state":{},"set":{"a":1}}"#, 400, "invalid-argument", "'set': cannot be given with state"),
            Refusal("PATCH", "/v1/live/pizza", #"{"set":["a"]}"#, 422, "invalid", "'set' must be an object, not an array"),
            Refusal("PATCH", "/v1/live/pizza", #"{"set":{"a":""# + String(repeating: "z", count: 4096) + #""}}"#, 422, "invalid", "the state is"),
            Refusal("PATCH", "/v1/live/pizza", #"{"state":{"a":1},"dismiss":"now"}"#, 422, "invalid", "unknown field 'dismiss'"),
            Refusal("PATCH", "/v1/live/pizza", #"{"staleAfter":"-5m"}"#, 400, "invalid-argument", "'staleAfter'"),
            Refusal("PATCH", "/v1/live/pizza", #"{"relevance":true}"#, 422, "invalid", "'relevance' must be a number, not a boolean"),
        ], in: scene)
    }

    // MARK: - POST /v1/live/{id}/end

    @Test("POST /v1/live/{id}/end ends as live end: a final state, a dismissal; again it answers as it is")
    func end() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza","state":{"eta":"19:40"}}"#).status == 201)
        let ended = scene.send("POST", "/v1/live/pizza/end", body: #"{"state":{"status":"delivered"},"dismiss":"15m"}"#)
        #expect(ended.status == 200, "\(APIScene.text(ended))")
        try Self.expectListed(ended, scene)
        let fields = try Self.object(ended)
        #expect(fields["status"] as? String == "ended" && fields["endedAt"] as? String == "2026-03-09T08:00:00+00:00")
        #expect(fields["dismissAt"] as? String == "2026-03-09T08:15:00+00:00")
        #expect(APIScene.text(ended).contains(#""state":{"status":"delivered"}"#))
        // An end of one that has ended is not an error, as live end says "already ended".
        let again = scene.send("POST", "/v1/live/pizza/end")
        #expect(again.status == 200 && APIScene.text(again) == APIScene.text(ended))

        // A stopwatch on an activity records its time, as live end does.
        #expect(scene.send("POST", "/v1/live", body: #"{"activityId":"walk-dog"}"#).status == 201)
        let gone = scene.send("POST", "/v1/live/walk-dog/end", body: #"{"dismiss":"immediate"}"#)
        #expect(gone.status == 200, "\(APIScene.text(gone))")
        #expect(try Self.object(gone)["status"] as? String == "dismissed")
        #expect(!(try scene.cli("live", "list", "--json")).contains(#""id":"walk-dog""#))
        #expect(try scene.cli("live", "list", "--json", "--all").contains(APIScene.text(gone).dropLast()))

        // A time alone is read on the request's day.
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"build"}"#).status == 201)
        let timed = scene.send("POST", "/v1/live/build/end", body: #"{"dismiss":"09:00"}"#)
        #expect(try Self.object(timed)["dismissAt"] as? String == "2026-03-09T09:00:00+00:00", "\(APIScene.text(timed))")
    }

    @Test("an end refuses an unknown id, a bad dismissal and unknown fields, changing nothing")
    func endRefusals() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza"}"#).status == 201)
        try Self.expect([
            Refusal("POST", "/v1/live/nope/end", nil, 404, "not-found", "no live activity with id 'nope'"),
            Refusal("POST", "/v1/live/pizza/end", #"{"dismiss":"whenever"}"#, 400, "invalid-argument", "'dismiss': invalid dismissal 'whenever'"),
            Refusal("POST", "/v1/live/pizza/end", #"{"dismiss":15}"#, 422, "invalid", "'dismiss' must be a string, not a number"),
            Refusal("POST", "/v1/live/pizza/end", #"{"state":[1]}"#, 422, "invalid", "'state' must be an object"),
            Refusal("POST", "/v1/live/pizza/end", #"{"all":true}"#, 422, "invalid", "unknown field 'all'"),
        ], in: scene)
    }

    // MARK: - Scopes and routes

    @Test("a read token is refused (403) on every write, which changes nothing")
    func readTokenIsForbidden() throws {
        let scene = try APIScene()
        #expect(scene.send("POST", "/v1/live", body: #"{"id":"pizza"}"#).status == 201)
        let needsWrite = "needs the write scope"
        try Self.expect([
            Refusal("PATCH", "/v1/activities/read", #"{"name":"Reading"}"#, 403, "forbidden", needsWrite),
            Refusal("POST", "/v1/live", #"{"id":"other"}"#, 403, "forbidden", needsWrite),
            Refusal("PATCH", "/v1/live/pizza", #"{"state":{"a":1}}"#, 403, "forbidden", needsWrite),
            Refusal("POST", "/v1/live/pizza/end", nil, 403, "forbidden", needsWrite),
        ], in: scene, token: .read)
    }

    @Test("the new routes are in the table with the write scope, and answer 405 with Allow for another method")
    func routes() {
        let scene = try? APIScene()
        let writes = APIEndpoints.routes.filter { ["PATCH /v1/activities/{id}", "POST /v1/live", "PATCH /v1/live/{id}", "POST /v1/live/{id}/end"]
            .contains($0.method + " " + $0.pattern) }
        #expect(writes.count == 4 && writes.allSatisfy { $0.scope == .write })
        #expect(scene?.send("GET", "/v1/live/pizza").headers.first { $0.name == "Allow" }?.value == "PATCH")
        #expect(scene?.send("DELETE", "/v1/live").headers.first { $0.name == "Allow" }?.value == "GET, POST, HEAD")
    }
}
