import HTTPServer
import TraqtCore

/// The OpenAPI 3.1 document of a route table: made from the routes the server
/// dispatches on, so that it cannot describe an endpoint that is not there or
/// miss one that is.
enum OpenAPIDocument {
    /// `GET /openapi.json`: the document of the routes this server answers.
    static func response(_ call: APICall) -> HTTPResponse {
        var body: [UInt8] = []
        document(of: call.routes).appendCompact(to: &body)
        body.append(UInt8(ascii: "\n"))
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }

    static func document(of routes: [APIRoute]) -> JSONValue {
        // Paths in the table's order, each with its methods in theirs.
        var paths: [(key: String, value: JSONValue)] = []
        for route in routes {
            let operation = (key: route.method.lowercasedASCII, value: self.operation(route))
            if let index = paths.firstIndex(where: { $0.key == route.pattern }) {
                paths[index].value = .object(paths[index].value.members + [operation])
            } else {
                paths.append((route.pattern, .object([operation])))
            }
        }
        var tags: [String] = []
        for route in routes where !tags.contains(tag(route.pattern)) { tags.append(tag(route.pattern)) }
        return .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([
                ("title", .string("traqt")), ("version", .string(Tool.version)),
                ("description", .string("The store of daily activities over HTTP (docs/serve.md). HEAD works wherever GET does.")),
            ])),
            ("servers", .array([.object([("url", .string("/"))])])),
            ("tags", .array(tags.map { .object([("name", .string($0))]) })),
            ("paths", .object(paths)),
            ("components", .object([
                ("securitySchemes", .object([
                    ("bearer", .object([("type", .string("http")), ("scheme", .string("bearer")),
                                        ("description", .string("A token of traqt token add."))])),
                ])),
                ("schemas", .object(OpenAPISchemas.all)),
            ])),
        ])
    }

    static func operation(_ route: APIRoute) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("operationId", .string(operationID(route))),
            ("summary", .string(route.summary)),
            ("tags", .array([.string(tag(route.pattern))])),
        ]
        let parameters = route.pathParameters.map { parameter($0, in: "path") } + route.query.map { parameter($0, in: "query") }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        if let body = route.body {
            members.append(("requestBody", .object([
                ("required", .bool(false)), ("content", json(OpenAPISchemas.ref(body), type: "application/json")),
            ])))
        }
        if let scope = route.scope {
            members.append(("description", .string("Needs a token with the \(scope.rawValue) scope, or one that includes it.")))
            members.append(("security", .array([.object([("bearer", .array([]))])])))
        } else {
            // Served without a token: no security requirement.
            members.append(("security", .array([])))
        }
        members.append(("responses", .object(successes(route.answer) + problems(route))))
        return .object(members)
    }

    /// `GET /v1/activities/{id}/done` is `getV1ActivitiesByIdDone`: the same
    /// from one release to the next while the route stays.
    static func operationID(_ route: APIRoute) -> String {
        var id = route.method.lowercasedASCII
        for segment in route.pattern.split(separator: "/") {
            let isParameter = segment.hasPrefix("{")
            let words = segment.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            if isParameter { id += "By" }
            for word in words { id += word.prefix(1).uppercased() + word.dropFirst() }
        }
        return id
    }

    /// The first segment after the version (`/v1/activities/…` is `activities`),
    /// without an extension: `/openapi.json` is `openapi`.
    static func tag(_ pattern: String) -> String {
        let segments = pattern.split(separator: "/")
        let isVersion = { (segment: Substring) in segment.count > 1 && segment.first == "v" && segment.dropFirst().allSatisfy(\.isNumber) }
        let first = segments.first { !isVersion($0) } ?? segments.first ?? "api"
        return String(first.split(separator: ".").first ?? first)
    }

    private static func parameter(_ name: String, in place: String) -> JSONValue {
        .object([("name", .string(name)), ("in", .string(place)), ("required", .bool(place == "path")),
                 ("schema", .object([("type", .string("string"))]))])
    }

    private static func json(_ schema: JSONValue?, type: String) -> JSONValue {
        .object([(type, .object(schema.map { [("schema", $0)] } ?? []))])
    }

    private static func successes(_ answer: APIRoute.Answer) -> [(key: String, value: JSONValue)] {
        func ok(_ description: String, _ schema: String?, headers: [(key: String, value: JSONValue)] = []) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [("description", .string(description))]
            if !headers.isEmpty { members.append(("headers", .object(headers))) }
            members.append(("content", json(schema.map(OpenAPISchemas.ref), type: "application/json")))
            return .object(members)
        }
        switch answer {
        case let .json(schema): return [("200", ok("OK", schema))]
        case let .createdOrReplaced(schema):
            let location = JSONValue.object([("description", .string("Where it is.")),
                                             ("schema", .object([("type", .string("string"))]))])
            return [("200", ok("Replaced", schema)), ("201", ok("Created", schema, headers: [("Location", location)]))]
        case .noContent: return [("204", .object([("description", .string("Done"))]))]
        case .eventStream:
            return [("200", .object([("description", .string("Server-Sent Events, each data a watch --json object")),
                                     ("content", json(.object([("type", .string("string"))]), type: "text/event-stream"))]))]
        }
    }

    /// The refusals a route can give by what it reads and who may call it;
    /// the rest (409, 503, 500) under `default`.
    private static func problems(_ route: APIRoute) -> [(key: String, value: JSONValue)] {
        var statuses: [Int] = []
        if !route.query.isEmpty || route.body != nil { statuses.append(400) }
        if route.scope != nil { statuses += [401, 403] }
        if !route.pathParameters.isEmpty { statuses.append(404) }
        if route.body != nil { statuses += [413, 415, 422] }
        let problem = { (description: String) in
            JSONValue.object([("description", .string(description)),
                              ("content", json(OpenAPISchemas.ref("Problem"), type: "application/problem+json"))])
        }
        return statuses.map { (String($0), problem(HTTPStatus.phrase($0))) } + [("default", problem("A problem"))]
    }
}
