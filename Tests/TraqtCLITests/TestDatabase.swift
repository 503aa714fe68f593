import Foundation
import Testing
import TraqtCore

/// The engines a test runs against: SQLite always; PostgreSQL too in a build
/// with the Postgres trait, on the server `scripts/with-postgres` starts.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var all: [Backend] {
        #if Postgres
        return [.sqlite, .postgres]
        #else
        return [.sqlite]
        #endif
    }

    var testDescription: String { rawValue }
}

/// A fresh, empty database of one engine for one test: a file in a temporary
/// folder, or a database of its own on the test server (dropped afterwards).
final class TestDatabase {
    let backend: Backend
    /// What `--db` and `TRAQT_DB` take.
    let location: String
    private let directory: TemporaryDirectory
    private let serverDatabase: String?

    init(_ backend: Backend, file: String = "shared/traqt.sqlite") throws {
        self.backend = backend
        directory = try TemporaryDirectory()
        switch backend {
        case .sqlite:
            location = directory.file(file)
            serverDatabase = nil
        case .postgres:
            let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try Self.psql(Self.serverURI(), "CREATE DATABASE \(name)")
            location = try Self.uri(database: name)
            serverDatabase = name
        }
    }

    deinit {
        if let serverDatabase, let uri = try? Self.serverURI() {
            _ = try? Self.psql(uri, "DROP DATABASE IF EXISTS \(serverDatabase) WITH (FORCE)")
        }
    }

    /// A file beside the database, for the test's own use.
    func file(_ name: String) -> String { directory.file(name) }

    /// `PRAGMA integrity_check` on SQLite; on PostgreSQL, amcheck's B-tree
    /// check of every index of traqt's schema, and the unique ids. "ok" when sound.
    func integrityCheck() throws -> String {
        switch backend {
        case .sqlite:
            let connection = try SQLiteConnection(path: location, mode: .readOnly, busyTimeoutMilliseconds: 5000)
            let statement = try connection.prepare("PRAGMA integrity_check")
            try statement.step()
            return statement.string(at: 0)
        case .postgres:
            try Self.psql(location, "CREATE EXTENSION IF NOT EXISTS amcheck")
            let checked = try Self.psql(location, """
                SELECT count(bt_index_check(c.oid, true)) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE c.relnamespace = 'traqt'::regnamespace AND c.relam = (SELECT oid FROM pg_am WHERE amname = 'btree')
                """)
            let duplicates = try Self.psql(location, "SELECT count(*) - count(DISTINCT id) FROM traqt.activity")
            return Int(checked) ?? 0 > 0 && duplicates == "0" ? "ok" : "indexes checked: \(checked), duplicate ids: \(duplicates)"
        }
    }

    /// The schema version the database records.
    func schemaVersion() throws -> Int {
        switch backend {
        case .sqlite:
            let connection = try SQLiteConnection(path: location, mode: .readOnly, busyTimeoutMilliseconds: 5000)
            return try connection.integer("PRAGMA user_version")
        case .postgres:
            return Int(try Self.psql(location, "SELECT version FROM traqt.meta")) ?? -1
        }
    }

    // MARK: - The test server

    /// The server's own test database, from `scripts/with-postgres`. A build
    /// with Postgres runs its tests there: without it they fail, never skip.
    static func serverURI() throws -> String {
        guard let uri = ProcessInfo.processInfo.environment["TRAQT_TEST_POSTGRES"], !uri.isEmpty else {
            throw TestServerMissing()
        }
        return uri
    }

    struct TestServerMissing: Error, CustomStringConvertible {
        var description: String { "TRAQT_TEST_POSTGRES is not set: run the tests through scripts/with-postgres" }
    }

    /// The test server's URI with another database name.
    static func uri(database: String) throws -> String {
        let server = try serverURI()
        guard let slash = server.range(of: "/traqt_test") else { return server }
        return server.replacingCharacters(in: slash, with: "/" + database)
    }

    /// Runs SQL with `psql`, as another program would; its output, trimmed.
    @discardableResult
    static func psql(_ uri: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [uri, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PSQLFailed(sql: sql, message: error) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PSQLFailed: Error, CustomStringConvertible {
        let sql: String, message: String
        var description: String { "psql failed on '\(sql)': \(message)" }
    }
}
