import Foundation
import Testing
@testable import TraqtCore

/// Each engine's change source wakes a reader when another connection
/// commits, and stays quiet while nothing does.
@Suite("ChangeSource: what a reader waits on for commits")
struct ChangeSourceTests {
    private static let walk = Activity(id: "walk", name: "Walk dog", days: Weekdays(mask: 127)!, time: TimeOfDay(minutes: 450)!)

    /// Waits on `source` (in short waits, at most `seconds`) until it says something.
    private static func firstHint(_ source: any ChangeSource, within seconds: Double) throws -> ChangeHint {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let hint = try source.wait(timeoutMilliseconds: 100)
            if hint != .nothing { return hint }
        }
        return .nothing
    }

    @Test("SQLite: the folder watch says a commit may have happened; the change counter confirms it")
    func sqlite() throws {
        try withTemporaryDirectory { folder in
            let location = try DatabaseLocation(folder + "/traqt.sqlite")
            _ = try ActivityStore.openForWriting(location, createIfMissing: true).upsert(Self.walk, now: 1_000)
            let watched = WatchedStore(location, busyTimeoutMilliseconds: 1_000)
            #expect(try watched.hasChanged())
            let source = try location.changeSource(busyTimeoutMilliseconds: 1_000)
            #expect(source.descriptor >= 0)
            #expect(source.lookInterval == 1_000)
            #expect(try source.wait(timeoutMilliseconds: 50) == .nothing)
            #expect(try !watched.hasChanged())

            _ = try ActivityStore.openForWriting(location, createIfMissing: false).upsert(Self.walk, now: 2_000)
            #expect(try Self.firstHint(source, within: 2) == .possible)
            #expect(try watched.hasChanged())
        }
    }

    #if Postgres
    @Test("PostgreSQL: a listening connection is told of each commit on its socket, and of nothing else",
          .enabled(if: ProcessInfo.processInfo.environment["TRAQT_TEST_POSTGRES"] != nil))
    func postgres() throws {
        let server = try #require(ProcessInfo.processInfo.environment["TRAQT_TEST_POSTGRES"])
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(try #require(DatabaseLocation(server).postgresURI), lockTimeoutMilliseconds: 5_000)
        try admin.execute("CREATE DATABASE \(name)")
        defer { try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let location = try DatabaseLocation(server.replacingOccurrences(of: "/traqt_test", with: "/" + name))

        let source = try location.changeSource(busyTimeoutMilliseconds: 1_000)
        #expect(source.descriptor >= 0)
        #expect(try source.wait(timeoutMilliseconds: 50) == .nothing)
        _ = try ActivityStore.openForWriting(location, createIfMissing: true).upsert(Self.walk, now: 1_000)
        #expect(try Self.firstHint(source, within: 2) == .committed)
        // A read commits nothing, so tells nothing.
        _ = try ActivityStore.openForReading(location).allActivities()
        #expect(try source.wait(timeoutMilliseconds: 200) == .nothing)
    }
    #endif
}

#if Postgres
private extension DatabaseLocation {
    var postgresURI: PostgresURI? {
        if case .postgres(let uri) = self { return uri }
        return nil
    }
}
#endif
