import Foundation
import HTTPServer
import Testing
@testable import TraqtCLI
import TraqtCore

/// A real SQLite file with two activities and a token per scope, the
/// dispatcher the daemon calls, and the command line on the same clock: what
/// the API tests send requests to and hold the answers against.
final class APIScene {
    /// Monday 2026-03-09 08:00 in the test's zone (UTC).
    static let now = Instant(seconds: 1_773_043_200)

    let folder: URL
    let path: String
    var tokens: [APIScope: String] = [:]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("traqt-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("t.sqlite").path
        try cli("add", "Walk dog", "--days", "daily", "--at", "07:30")
        try cli("add", "Read", "--days", "mon", "--at", "21:00")
        let store = try ActivityStore.openForWriting(.sqlite(path), createIfMissing: true)
        for scope in APIScope.allCases {
            tokens[scope] = try store.addAPIToken(name: scope.rawValue, scope: scope, topic: nil, expiresAt: nil,
                                                  now: APIScene.now).secret
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    func cli(_ arguments: String...) throws -> String { try cli(arguments) }

    @discardableResult
    func cli(_ arguments: [String]) throws -> String {
        let run = Tool.runInProcess(arguments: arguments, environment: Environment(["TRAQT_DB": path, "TZ": "UTC"]),
                                    clock: { APIScene.now })
        #expect(run.status == 0, "\(arguments): \(String(decoding: run.errors, as: UTF8.self))")
        return String(decoding: run.output, as: UTF8.self)
    }

    func dispatcher(anonymousRead: Bool = false) -> APIDispatcher {
        APIDispatcher(service: APIService(location: .sqlite(path), busyTimeoutMilliseconds: 1000,
                                          allowAnonymousRead: anonymousRead),
                      clock: { APIScene.now })
    }

    func send(_ method: String, _ target: String, token: APIScope? = .write, body: String? = nil,
              contentType: String? = "application/json", headers: [(String, String)] = [],
              anonymousRead: Bool = false) -> HTTPResponse {
        var all = headers
        if let token { all.append(("Authorization", "Bearer \(tokens[token]!)")) }
        if body != nil, let contentType { all.append(("Content-Type", contentType)) }
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [(name: String, value: String)] = []
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            query.append((name: kv[0], value: kv.count > 1 ? kv[1] : ""))
        }
        let request = HTTPRequest(method: method, path: String(parts[0]), headers: all.map { (name: $0.0, value: $0.1) },
                                  query: query, body: Array((body ?? "").utf8))
        return LocalZone.withRule(ZoneRule(tz: "UTC")) { dispatcher(anonymousRead: anonymousRead).answer(request) }
    }

    func databaseBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    static func problem(_ response: HTTPResponse) throws -> [String: Any] {
        #expect(response.headers.contains { $0.name == "Content-Type" && $0.value == "application/problem+json" })
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let problem = try #require(object)
        #expect(problem["status"] as? Int == response.status)
        return problem
    }
}
