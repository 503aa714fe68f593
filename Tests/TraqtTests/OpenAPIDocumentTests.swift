import Foundation
import HTTPServer
import Testing
@testable import TraqtCLI
import TraqtCore

/// `GET /openapi.json`: read back with JSONSerialization, held to the route
/// table the dispatcher routes on, checked by PyPI's openapi-spec-validator
/// (Tests/Oracles/validate-openapi.py, a real `python3` process), and its
/// schemas held to the answers the server really gives.
@Suite("the OpenAPI document")
struct OpenAPIDocumentTests {
    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// The document of `routes`, as a client reads it.
    static func parsed(_ routes: [APIRoute] = APIEndpoints.routes) throws -> [String: Any] {
        var bytes: [UInt8] = []
        OpenAPIDocument.document(of: routes).appendCompact(to: &bytes)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// Every operation: "METHOD pattern" to its object.
    static func operations(_ document: [String: Any]) throws -> [String: [String: Any]] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: [String: [String: Any]] = [:]
        for (path, item) in paths {
            for (method, operation) in item {
                #expect(methods.contains(method), "\(path): \(method)")
                operations[method.uppercased() + " " + path] = try #require(operation as? [String: Any])
            }
        }
        return operations
    }

    static func schema(_ document: [String: Any], _ name: String) throws -> [String: Any] {
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        return try #require(schemas[name] as? [String: Any], "no schema \(name)")
    }

    @Test("it is OpenAPI 3.1 of traqt at its version, with bearer tokens and the problem schema")
    func header() throws {
        let document = try Self.parsed()
        #expect(document["openapi"] as? String == "3.1.0")
        let info = try #require(document["info"] as? [String: Any])
        #expect(info["title"] as? String == "traqt")
        #expect(info["version"] as? String == Tool.version)
        #expect((document["servers"] as? [[String: Any]])?.first?["url"] as? String == "/")
        let components = try #require(document["components"] as? [String: Any])
        let bearer = (components["securitySchemes"] as? [String: Any])?["bearer"] as? [String: Any]
        #expect(bearer?["type"] as? String == "http")
        #expect(bearer?["scheme"] as? String == "bearer")
        let problem = try Self.schema(document, "Problem")
        #expect(Set(problem["required"] as? [String] ?? []) == ["title", "status", "detail", "reason"])
    }

    @Test("every route of the table is in it with its method and summary, and nothing else; operation ids are distinct")
    func sameRoutes() throws {
        let extra = APIRoute(method: "PATCH", pattern: "/v1/later/{name}", scope: .write, summary: "A route added later.",
                             handle: { _ in HTTPResponse(status: 204) })
        for routes in [APIEndpoints.routes, APIEndpoints.routes + [extra]] {
            let operations = try Self.operations(try Self.parsed(routes))
            #expect(Set(operations.keys) == Set(routes.map { $0.method + " " + $0.pattern }))
            #expect(operations.count == routes.count)
            for route in routes {
                let operation = try #require(operations[route.method + " " + route.pattern])
                #expect(operation["summary"] as? String == route.summary)
                #expect((operation["tags"] as? [String])?.count == 1)
                let security = try #require(operation["security"] as? [[String: [String]]])
                #expect(security == (route.scope == nil ? [] : [["bearer": []]]), "\(route.pattern)")
            }
            let ids = operations.values.compactMap { $0["operationId"] as? String }
            #expect(ids.count == routes.count && Set(ids).count == ids.count)
        }
        let operations = try Self.operations(try Self.parsed())
        #expect(operations["POST /v1/activities/{id}/done"]?["operationId"] as? String == "postV1ActivitiesByIdDone")
        #expect(operations["GET /openapi.json"]?["operationId"] as? String == "getOpenapiJson")
    }

    @Test("the path parameters are the pattern's {name} segments; the query parameters the ones the handlers read")
    func parameters() throws {
        let braces = try NSRegularExpression(pattern: #"\{([^}/]+)\}"#)
        for (key, operation) in try Self.operations(try Self.parsed()) {
            let pattern = String(key.split(separator: " ")[1])
            let names = braces.matches(in: pattern, range: NSRange(pattern.startIndex..., in: pattern)).map {
                String(pattern[Range($0.range(at: 1), in: pattern)!])
            }
            let parameters = operation["parameters"] as? [[String: Any]] ?? []
            let path = parameters.filter { $0["in"] as? String == "path" }
            #expect(path.compactMap { $0["name"] as? String } == names, "\(key)")
            #expect(path.allSatisfy { $0["required"] as? Bool == true && ($0["schema"] as? [String: String])?["type"] == "string" })
            let query = parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String }
            let expected: [String: [String]] = [
                "GET /v1/summary": ["date", "week"], "DELETE /v1/activities/{id}/done": ["date"],
                "DELETE /v1/activities/{id}/skip": ["date", "from", "to"],
            ]
            #expect(query == expected[key] ?? [], "\(key)")
        }
        // Each one the handler reads: a bad value is refused naming it.
        let scene = try APIScene()
        for (target, name) in [("/v1/summary?week=maybe", "week"), ("/v1/summary?date=someday", "date"),
                               ("/v1/activities/read/done?date=someday", "date"),
                               ("/v1/activities/read/skip?from=someday", "from"), ("/v1/activities/read/skip?to=x", "to")] {
            let method = target.hasPrefix("/v1/summary") ? "GET" : "DELETE"
            let answer = scene.send(method, target)
            #expect(answer.status == 400, "\(target)")
            #expect((try APIScene.problem(answer)["detail"] as? String)?.contains("'\(name)'") == true, "\(target)")
        }
    }

    @Test("GET /openapi.json is served without a token, also when anonymous reads are off, as the document of the table")
    func served() throws {
        let scene = try APIScene()
        let answer = scene.send("GET", "/openapi.json", token: nil)
        #expect(answer.status == 200)
        #expect(answer.headers.contains { $0.name == "Content-Type" && $0.value == "application/json" })
        var expected: [UInt8] = []
        OpenAPIDocument.document(of: APIEndpoints.routes).appendCompact(to: &expected)
        #expect(answer.body == expected + [UInt8(ascii: "\n")])
        #expect(scene.send("HEAD", "/openapi.json", token: nil).status == 200)
        #expect(scene.send("GET", "/openapi.json", token: .push).status == 200)
        #expect(scene.send("POST", "/openapi.json", token: nil).status == 405)
        // The rest still needs one.
        #expect(scene.send("GET", "/v1/activities", token: nil).status == 401)
    }

    @Test("every $ref names a schema of the document")
    func references() throws {
        let document = try Self.parsed()
        var refs: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let ref = object["$ref"] as? String { refs.append(ref) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(refs.contains("#/components/schemas/Problem"))
        for ref in Set(refs) {
            #expect(ref.hasPrefix("#/components/schemas/"), "\(ref)")
            _ = try Self.schema(document, String(ref.dropFirst("#/components/schemas/".count)))
        }
    }

    @Test("the schemas name the fields the answers have: an activity, a mark, a problem")
    func schemasMatchAnswers() throws {
        let document = try Self.parsed()
        let scene = try APIScene()
        let answers = [
            ("Activity", scene.send("GET", "/v1/activities/read")),
            ("Activity", scene.send("PUT", "/v1/activities/gym", body: #"{"name":"Gym","days":"mon","time":"18:00"}"#)),
            ("MarkAnswer", scene.send("POST", "/v1/activities/read/done", body: #"{"date":"2026-03-09"}"#)),
            ("MarkAnswer", scene.send("DELETE", "/v1/activities/walk-dog/skip?from=2026-03-09&to=2026-03-10")),
            ("Problem", scene.send("GET", "/v1/activities/nope")),
        ]
        for (name, answer) in answers {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(name)")
            let schema = try Self.schema(document, name)
            let properties = try #require(schema["properties"] as? [String: Any])
            #expect(Set(object.keys) == Set(properties.keys), "\(name)")
            #expect(Set(schema["required"] as? [String] ?? []).isSubset(of: object.keys), "\(name)")
        }
        let activity = try Self.schema(document, "Activity")["properties"] as? [String: [String: Any]]
        let dayNames = activity?["days"]?["items"] as? [String: Any]
        #expect(dayNames?["type"] as? String == "string")
        #expect(dayNames?["enum"] as? [String] == ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
    }

    @Test("openapi-spec-validator finds the document valid OpenAPI 3.1")
    func validator() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traqt-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extra = APIRoute(method: "PATCH", pattern: "/v1/later/{name}/{part}", scope: .write, summary: "Added later.",
                             query: ["at"], body: "DoneRequest", answer: .noContent, handle: { _ in HTTPResponse(status: 204) })
        for (index, routes) in [APIEndpoints.routes, APIEndpoints.routes + [extra]].enumerated() {
            let file = folder.appendingPathComponent("openapi-\(index).json")
            var bytes: [UInt8] = []
            OpenAPIDocument.document(of: routes).appendCompact(to: &bytes)
            try Data(bytes).write(to: file)
            let (status, output) = try Self.validate(file.path)
            #expect(status == 0, "\(output)")
        }
        // It does find faults: a path parameter the operation does not declare.
        let file = folder.appendingPathComponent("broken.json")
        try Data(#"{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{"/a/{id}":{"get":{"responses":{"200":{"description":"ok"}}}}}}"#.utf8)
            .write(to: file)
        let (status, output) = try Self.validate(file.path)
        #expect(status == 1 && output.contains("'id'"), "\(output)")
    }

    /// Runs the oracle on `file`: its exit status, and what it said.
    static func validate(_ file: String) throws -> (Int32, String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Oracles/validate-openapi.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
