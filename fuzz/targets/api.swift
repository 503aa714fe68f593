// The HTTP API's routing and body readers: a request line and a body, through
// the dispatcher the server calls, against a real SQLite file with a write
// token, so that every handler is reached. Whatever comes in, the answer is a
// status of 200 to 599, and an error is a problem object that parses.
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
@testable import TraqtCLI
import TraqtCore

/// A store made once per run: two activities and a token of the write scope.
private let scene: (dispatcher: APIDispatcher, secret: String) = {
    var template = Array("/tmp/traqt-fuzz-api-XXXXXX".utf8CString)
    guard let folder = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    let location = DatabaseLocation.sqlite(String(cString: folder) + "/t.sqlite")
    do {
        let store = try ActivityStore.openForWriting(location, createIfMissing: true)
        try store.upsert(Activity(id: "walk", name: "Walk", days: Weekdays(mask: 127)!, time: TimeOfDay(minutes: 450)!), now: 0)
        try store.upsert(Activity(id: "read", name: "Read", days: Weekdays(mask: 2)!, time: TimeOfDay(minutes: 1260)!), now: 0)
        let secret = try store.addAPIToken(name: "fuzz", scope: .write, topic: nil, expiresAt: nil, now: Instant(seconds: 0)).secret
        let service = APIService(location: location, busyTimeoutMilliseconds: 1000, allowAnonymousRead: false)
        return (APIDispatcher(service: service, clock: { Instant(seconds: 1_773_043_200) }), secret)
    } catch {
        fatalError("cannot make the fuzz store: \(error)")
    }
}()

/// The first line is `METHOD TARGET` (the target with an optional query of
/// `name=value` pairs), the rest the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let line = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ", maxSplits: 1)
    let body = newline < bytes.endIndex ? Array(bytes[(newline + 1)...]) : []
    let method = line.first.map(String.init) ?? "GET"
    let target = line.count > 1 ? String(line[1]) : "/"
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [(name: String, value: String)] = []
    for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query.append((String(halves[0]), halves.count > 1 ? String(halves[1]) : ""))
    }
    let request = HTTPRequest(method: method, path: String(parts[0]),
                              headers: [("Authorization", "Bearer " + scene.secret), ("Content-Type", "application/json")],
                              query: query, body: body)
    let answer = scene.dispatcher.answer(request)
    expect((200..<600).contains(answer.status), "status \(answer.status)")
    if answer.status >= 400 {
        expect(answer.headers.contains { $0.name == "Content-Type" && $0.value == "application/problem+json" }, "no problem type")
        expect((try? JSONParser.parse(answer.body)) != nil, "a problem that does not parse")
    }
    answer.stream?.close()
    return 0
}
