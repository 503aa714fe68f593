import HTTPServer
import Testing
@testable import TraqtCLI
import TraqtCore

/// The server's answers without a socket: each request goes through the
/// dispatcher the daemon calls, against a real SQLite file, and is held to
/// what the command line prints and stores.
@Suite("the HTTP API, answered in-process")
struct APIDispatcherTests {
    @Test("the read endpoints answer with the bytes the command line prints with --json")
    func readsMatchTheCommandLine() throws {
        let scene = try APIScene()
        for (target, command) in [("/v1/today", ["today", "--json"]), ("/v1/activities", ["list", "--json"]),
                                  ("/v1/live", ["live", "list", "--json"]), ("/v1/summary?date=2026-03-09", ["summary", "--json", "--date", "2026-03-09"]),
                                  ("/v1/summary?date=2026-03-09&week=true", ["summary", "--json", "--week", "--date", "2026-03-09"])] {
            let answer = scene.send("GET", target, token: .read)
            #expect(answer.status == 200, "\(target): \(APIScene.text(answer))")
            // The command runs on the same clock.
            #expect(APIScene.text(answer) == (try scene.cli(command)), "\(target)")
        }
        #expect(APIScene.text(scene.send("GET", "/v1/today", token: .read)).contains("walk-dog") == false)
        #expect(APIScene.text(scene.send("GET", "/v1/today", token: .read)).contains("\"read\""))
        let one = scene.send("GET", "/v1/activities/read", token: .read)
        #expect(one.status == 200)
        #expect(APIScene.text(one).hasPrefix(#"{"id":"read","name":"Read","daysOfWeek":2,"#))
    }

    @Test("no token, a wrong one, or one without the scope: 401 with WWW-Authenticate, or 403; anonymous reads only when allowed")
    func authorization() throws {
        let scene = try APIScene()
        let missing = scene.send("GET", "/v1/today", token: nil)
        #expect(missing.status == 401)
        #expect(missing.headers.contains { $0.name == "WWW-Authenticate" && $0.value.hasPrefix("Bearer") })
        #expect(try APIScene.problem(missing)["reason"] as? String == "unauthorized")
        for header in ["Bearer tqt_" + String(repeating: "0", count: 64), "Bearer", "Basic dXNlcjpwYXNz", "bearer  x y"] {
            #expect(scene.send("GET", "/v1/today", token: nil, headers: [("Authorization", header)]).status == 401, "\(header)")
        }
        // The scheme is case-insensitive.
        #expect(scene.send("GET", "/v1/today", token: nil, headers: [("authorization", "bEaReR \(scene.tokens[.read]!)")]).status == 200)
        let readOnly = scene.send("PUT", "/v1/activities/gym", token: .read, body: #"{"name":"Gym","days":"mon","time":"18:00"}"#)
        #expect(readOnly.status == 403)
        #expect(try APIScene.problem(readOnly)["detail"] as? String == "the token 'read' may not do this: it needs the write scope")
        #expect(scene.send("GET", "/v1/today", token: .push).status == 403)
        #expect(scene.send("GET", "/v1/today", token: .write).status == 200)
        // Revoked: refused on the next request.
        try scene.cli("token", "revoke", "read")
        #expect(scene.send("GET", "/v1/today", token: .read).status == 401)

        #expect(scene.send("GET", "/v1/today", token: nil, anonymousRead: true).status == 200)
        #expect(scene.send("PUT", "/v1/activities/gym", token: nil, body: "{}", anonymousRead: true).status == 401)
        #expect(scene.send("GET", "/v1/today", token: nil, headers: [("Authorization", "Bearer nope")], anonymousRead: true).status == 401)
    }

    @Test("PUT creates (201, Location) or replaces (200) as a writer's save; the answer is the activity as stored")
    func put() throws {
        let scene = try APIScene()
        let created = scene.send("PUT", "/v1/activities/gym", body: #"{"name":"Gym","days":"mon-fri","time":"18:00"}"#)
        #expect(created.status == 201, "\(APIScene.text(created))")
        #expect(created.headers.contains { $0.name == "Location" && $0.value == "/v1/activities/gym" })
        let listed = try scene.cli("list", "--json")
        #expect(listed.contains(APIScene.text(created).dropLast()))
        let replaced = scene.send("PUT", "/v1/activities/gym", body: #"{"id":"gym","name":"Gym","daysOfWeek":62,"timeOfDay":1110}"#)
        #expect(replaced.status == 200)
        #expect(APIScene.text(replaced).contains(#""time":"18:30""#))
        // Idempotent: the same save again changes nothing but its time.
        #expect(scene.send("PUT", "/v1/activities/gym", body: #"{"name":"Gym","daysOfWeek":62,"timeOfDay":1110}"#).status == 200)
    }

    @Test("a refused write leaves the database byte for byte as it was, with the status of its reason")
    func refusedWrites() throws {
        let scene = try APIScene()
        let before = try scene.databaseBytes()
        let cases: [(String, String, String?, String?, Int, String)] = [
            ("PUT", "/v1/activities/gym", "{", "application/json", 400, "invalid-json"),
            ("PUT", "/v1/activities/gym", #"{"name":"Gym","days":"someday","time":"18:00"}"#, "application/json", 422, "invalid"),
            ("PUT", "/v1/activities/gym", #"{"id":"other","name":"Gym","days":"mon","time":"18:00"}"#, "application/json", 422, "invalid"),
            ("PUT", "/v1/activities/gym", #"[1]"#, "application/json", 422, "invalid"),
            ("PUT", "/v1/activities/gym", #"{"name":"Gym","days":"mon","time":"18:00"}"#, "text/plain", 415, "unsupported-media-type"),
            ("DELETE", "/v1/activities/nope", nil, nil, 404, "not-found"),
            ("POST", "/v1/activities/read/done", #"{"date":"2026-03-10"}"#, "application/json", 422, "not-scheduled"),
            ("POST", "/v1/activities/read/done", #"{"date":"someday"}"#, "application/json", 400, "invalid-argument"),
            ("POST", "/v1/activities/read/skip", #"{"from":"2026-03-10","to":"2026-03-01"}"#, "application/json", 400, "invalid-argument"),
            ("POST", "/v1/activities/read/done", #"{"date":7}"#, "application/json", 422, "invalid"),
            // A typo is refused, not read as today; a done takes no range.
            ("POST", "/v1/activities/read/done", #"{"data":"2026-03-16"}"#, "application/json", 422, "invalid"),
            ("POST", "/v1/activities/read/done", #"{"from":"2026-03-16"}"#, "application/json", 422, "invalid"),
            ("POST", "/v1/activities/nope/done", nil, nil, 404, "not-found"),
        ]
        for (method, target, body, type, status, reason) in cases {
            let answer = scene.send(method, target, body: body, contentType: type)
            #expect(answer.status == status, "\(method) \(target) \(body ?? ""): \(APIScene.text(answer))")
            #expect(try APIScene.problem(answer)["reason"] as? String == reason, "\(method) \(target) \(body ?? "")")
        }
        // A body is one object: its errors name the field, not a record of an import file.
        let named = scene.send("PUT", "/v1/activities/gym", body: #"{"name":5,"days":"mon","time":"18:00"}"#)
        #expect(try APIScene.problem(named)["detail"] as? String == "field 'name': expected a string, found a number")
        let patched = scene.send("PATCH", "/v1/activities/read", body: #"{"days":"funday"}"#)
        #expect((try APIScene.problem(patched)["detail"] as? String)?.hasPrefix("field 'days': unknown day 'funday'; expected day names") == true)
        #expect(try scene.databaseBytes() == before)
    }

    @Test("done and skip mark what the command line marks, and their DELETE takes it back")
    func marks() throws {
        let scene = try APIScene()
        let done = scene.send("POST", "/v1/activities/read/done")
        #expect(done.status == 200)
        #expect(APIScene.text(done) == #"{"id":"read","from":"2026-03-09","to":"2026-03-09","changedDates":1}"# + "\n")
        #expect(!APIScene.text(scene.send("GET", "/v1/today")).contains("\"read\""))
        #expect(APIScene.text(scene.send("POST", "/v1/activities/read/done")).contains(#""changedDates":0"#))
        #expect(APIScene.text(scene.send("DELETE", "/v1/activities/read/done?date=today")).contains(#""changedDates":1"#))
        #expect(APIScene.text(scene.send("GET", "/v1/today")).contains("\"read\""))
        let skipped = scene.send("POST", "/v1/activities/walk-dog/skip", body: #"{"from":"2026-03-09","to":"2026-03-15"}"#)
        #expect(APIScene.text(skipped).contains(#""changedDates":7"#), "\(APIScene.text(skipped))")
        #expect(try scene.cli("summary", "--json", "--date", "2026-03-10").contains("skipped"))
        #expect(APIScene.text(scene.send("DELETE", "/v1/activities/walk-dog/skip?from=2026-03-09&to=2026-03-15")).contains(#""changedDates":7"#))
    }

    @Test("DELETE removes (204), and the activity is gone")
    func remove() throws {
        let scene = try APIScene()
        #expect(scene.send("DELETE", "/v1/activities/read").status == 204)
        #expect(scene.send("GET", "/v1/activities/read").status == 404)
        #expect(!(try scene.cli("list", "--json")).contains("\"read\""))
    }

    @Test("an unknown path is 404, a known one with another method 405 with Allow; HEAD is GET's")
    func routing() throws {
        let scene = try APIScene()
        #expect(scene.send("GET", "/v1/nope").status == 404)
        #expect(scene.send("GET", "/v1/activities/").status == 404)
        let wrong = scene.send("POST", "/v1/today")
        #expect(wrong.status == 405)
        #expect(wrong.headers.contains { $0.name == "Allow" && $0.value == "GET, HEAD" })
        #expect(scene.send("POST", "/v1/activities/read").headers.first { $0.name == "Allow" }?.value == "GET, PUT, DELETE, PATCH, HEAD")
        #expect(scene.send("HEAD", "/v1/today").status == 200)
        #expect(scene.send("GET", "/v1/summary?week=maybe").status == 400)
        #expect(scene.send("GET", "/v1/summary?date=someday").status == 400)
    }

    @Test("a path segment is decoded on its own: an id holding /, % or a space is one segment, and Location encodes it back")
    func escapedSegments() throws {
        let scene = try APIScene()
        for (id, encoded) in [("a/b", "a%2Fb"), ("50%", "50%25"), ("pizza 1", "pizza%201"), ("../read", "..%2Fread")] {
            let created = scene.send("PUT", "/v1/activities/\(encoded)", body: #"{"name":"Escaped","days":"mon","time":"09:00"}"#)
            #expect(created.status == 201, "\(id): \(APIScene.text(created))")
            #expect(created.headers.contains { $0.name == "Location" && $0.value == "/v1/activities/\(encoded)" }, "\(id)")
            #expect(APIScene.text(scene.send("GET", "/v1/activities/\(encoded)")).contains(#""id":"\#(id)""#), "\(id)")
            #expect(scene.send("POST", "/v1/activities/\(encoded)/done").status == 200, "\(id)")
        }
        #expect(try scene.cli("list", "--json").contains(#""id":"a/b""#))
        // Unescaped, the slash is a separator: no such route.
        #expect(scene.send("GET", "/v1/activities/a/b").status == 404)
        // A % without two hex digits is kept as it is, as libmicrohttpd decodes.
        #expect(HTTPRequest(method: "GET", path: "/x/%zz%4").pathSegments == ["", "x", "%zz%4"])
        #expect(HTTPRequest(method: "GET", path: "/v1/%61ctivities").pathSegments == ["", "v1", "activities"])
    }

    @Test("every route is a distinct method and pattern, and needs a scope but the OpenAPI document")
    func routeTable() {
        let keys = APIEndpoints.routes.map { $0.method + " " + $0.pattern }
        #expect(Set(keys).count == keys.count)
        // The document holds no data: the one route served to anyone.
        let open = APIEndpoints.routes.filter { $0.scope == nil }.map { $0.method + " " + $0.pattern }
        #expect(open == ["GET /openapi.json"])
        #expect(APIEndpoints.routes.allSatisfy { $0.scope == nil || $0.pattern.hasPrefix("/v1/") })
    }

    @Test("the request log shows a push token by its first 8 digits and nothing that drives a terminal")
    func logLine() {
        let token = String(repeating: "ab", count: 32)
        #expect(RequestLogLine.text(method: "POST", path: "/3/device/\(token)", status: 200, bytes: 0, milliseconds: 1.26)
            == "POST /3/device/abababab… 200 0 1.3ms\n")
        let forged = RequestLogLine.text(method: "GET", path: "/v1/x\nGET /v1/today 200 1 0.1ms\u{1b}[2J", status: 404, bytes: 9, milliseconds: 0)
        #expect(forged.filter { $0 == "\n" }.count == 1)
        #expect(!forged.unicodeScalars.contains { $0.value == 0x1B })
    }
}
