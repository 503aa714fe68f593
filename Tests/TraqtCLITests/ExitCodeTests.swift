import Foundation
import Testing
import TraqtCore

/// Every documented exit code, with `Error: …` on stderr, nothing on stdout and
/// the database exactly as it was.
@Suite("exit codes and errors")
struct ExitCodeTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        let seeded = try InProcessTraqt.run(["add", "Walk dog", "--days", "mon", "--at", "07:30"], database: database)
        #expect(seeded.status == 0)
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs traqt and checks the failure is clean: the code, an `Error:` line
    /// mentioning `message`, empty stdout, and an unchanged database.
    @discardableResult
    private func expectFailure(_ arguments: [String], status: Int32, message: String, stdin: String? = nil,
                               environment: [String: String] = [:], database: String? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> TraqtProcess.Result {
        let path = database ?? self.database
        let before = FileManager.default.fileExists(atPath: path) ? try bytes(path) : nil
        let result = try InProcessTraqt.run(arguments, database: path, stdin: stdin, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("Error: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let after = FileManager.default.fileExists(atPath: path) ? try bytes(path) : nil
        #expect(after == before, "the database changed", sourceLocation: sourceLocation)
        return result
    }

    @Test("64: usage errors name the problem and show the usage line", arguments: [
        (["frobnicate"], "Unknown command 'frobnicate'"),
        (["lst"], "Did you mean 'list'?"),
        (["list", "--jsno"], "Unknown option '--jsno'. Did you mean '--json'?"),
        (["add", "X", "--days", "funday", "--at", "7:00"], "unknown day 'funday'"),
        (["add", "X", "--days", "8", "--at", "7:00"], "out of range"),
        (["add", "X", "--days", "mask:0", "--at", "7:00"], "1…127"),
        (["add", "X", "--days", "mon", "--at", "24:00"], "invalid time '24:00'"),
        (["add", "X", "--days", "mon", "--at", "24"], "invalid time '24'"),
        (["list", "--db", ""], "--db is empty"),
        (["today", "--now", "7:30"], "invalid date and time '7:30'"),
        (["add", "--days", "mon", "--at", "7:00"], "Missing expected argument '<name>'"),
        (["add", "X", "--at", "7:00"], "Missing expected argument '--days <days>'"),
        (["add", "X", "--days", "mon", "--at"], "Missing value for '--at <time>'"),
        (["add", "", "--days", "mon", "--at", "7:00"], "the name must not be empty"),
        (["add", "X", "--days", "mon", "--at", "7:00", "--id", " "], "the id must not be empty"),
        (["add", "X", "Y", "--days", "mon", "--at", "7:00"], "Unexpected argument 'Y'"),
        (["today", "--now", "2026-02-30T10:00"], "invalid date and time"),
        (["today", "--now", "tomorrow"], "invalid date and time"),
        (["remove"], "Missing expected argument '<id> ...'"),
        (["import"], "Missing expected argument '<file>'"),
        (["list", "--json=yes"], "does not take a value"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try expectFailure(arguments, status: 64, message: message)
        #expect(result.stderr.contains("\nUsage: traqt"))
        #expect(result.stderr.contains("--help' for more information."))
    }

    @Test("65: an invalid import record names its 0-based index and field; nothing is imported")
    func invalidImportRecord() throws {
        let cases: [(String, String)] = [
            (#"[{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0},{"id":"b","name":"B","daysOfWeek":200,"timeOfDay":0}]"#,
             "record 1, field 'daysOfWeek'"),
            (#"[{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":1440}]"#, "record 0, field 'timeOfDay'"),
            (#"[{"id":"a","name":"A","daysOfWeek":1}]"#, "record 0, field 'timeOfDay': missing"),
            (#"[{"id":"a","name":"","daysOfWeek":1,"timeOfDay":5}]"#, "record 0, field 'name'"),
            (#"[{"id":7,"name":"A","daysOfWeek":1,"timeOfDay":5}]"#, "record 0, field 'id'"),
            (#"[{"id":"a","name":"A","daysOfWeek":1.5,"timeOfDay":5}]"#, "record 0, field 'daysOfWeek'"),
            (#"[{"id":"x","name":"A","daysOfWeek":1,"timeOfDay":5},{"id":"x","name":"B","daysOfWeek":1,"timeOfDay":5}]"#,
             "record 1, field 'id'"),
            (#"[{"id":"a","name":"A","daysOfWeek":99999999999999999999999,"timeOfDay":5}]"#,
             "record 0, field 'daysOfWeek': 99999999999999999999999 is out of range"),
            (#"[1]"#, "record 0: expected an object"),
            (#"{"id":"a"}"#, "must hold a JSON array"),
            (#"[{"id":"a",}]"#, "invalid JSON at line 1"),
        ]
        for (json, message) in cases {
            let file = directory.file("bad.json")
            try json.write(toFile: file, atomically: true, encoding: .utf8)
            try expectFailure(["import", file], status: 65, message: message)
            try expectFailure(["import", "-"], status: 65, message: message, stdin: json)
        }
        // A bad import into a database that does not exist yet creates nothing.
        let fresh = directory.file("fresh/new.sqlite")
        try expectFailure(["import", "-"], status: 65, message: "record 0", stdin: "[{}]", database: fresh)
        #expect(!FileManager.default.fileExists(atPath: directory.file("fresh")))
    }

    @Test("65: removing an unknown id removes nothing")
    func unknownID() throws {
        try expectFailure(["remove", "walk-dog", "no-such-id"], status: 65, message: "no activity with id 'no-such-id'")
        let missing = directory.file("missing.sqlite")
        try expectFailure(["remove", "x"], status: 65, message: "'x'", database: missing)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("65: a file that is not a traqt database is refused by every command and left untouched")
    func notATraqtDatabase() throws {
        let random = directory.file("random.bin")
        try Data((0..<8192).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: random))
        let foreign = directory.file("foreign.sqlite")
        let other = try SQLiteConnection(path: foreign, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try other.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        for path in [random, foreign] {
            for arguments in [["list"], ["today"], ["export"], ["add", "A", "--days", "mon", "--at", "1:00"],
                              ["remove", "a"], ["import", "-"], ["due"], ["summary"]] {
                try expectFailure(arguments, status: 65, message: "is not a traqt database",
                                  stdin: #"[{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0}]"#, database: path)
            }
        }
    }

    @Test("66: import of a missing file")
    func inputMissing() throws {
        try expectFailure(["import", directory.file("nope.json")], status: 66, message: "no such file")
    }

    @Test("73: the database cannot be created where a folder is a file")
    func cannotCreate() throws {
        let blocker = directory.file("plain-file")
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        try expectFailure(["add", "A", "--days", "mon", "--at", "1:00"], status: 73,
                          message: "cannot create the database", database: blocker + "/sub/db.sqlite")
    }

    @Test("74: an I/O error writing the output")
    func ioError() throws {
        let process = Process()
        process.executableURL = TraqtProcess.executable
        process.arguments = ["list"]
        process.environment = TraqtProcess.environment(database: database)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.hasPrefix("Error: cannot write to standard output"))

        // A database path that is a folder is not a database file.
        let folder = try InProcessTraqt.run(["list"], database: directory.path)
        #expect(folder.status == 74)
        #expect(folder.stderr == "Error: '\(directory.path)' is a folder, not a database file; nothing was read or written\n")
    }

    @Test("75: still locked after the busy timeout, for writers and readers")
    func busy() throws {
        // The lock is held by another process: in this one, reading the file to
        // compare bytes would drop it (POSIX locks belong to the process).
        let holder = try LockHolder(database: database)
        defer { holder.release() }
        let quick = ["TRAQT_BUSY_TIMEOUT": "150"]
        try expectFailure(["add", "B", "--days", "mon", "--at", "1:00"], status: 75, message: "still locked",
                          environment: quick)
        try expectFailure(["list"], status: 75, message: "try again later", environment: quick)
        try expectFailure(["list"], status: 78, message: "TRAQT_BUSY_TIMEOUT", environment: ["TRAQT_BUSY_TIMEOUT": "soon"])
    }

    @Test("77: permission denied for a database the user may not write")
    func permissionDenied() throws {
        // Root ignores file modes, so as root the command runs as 'nobody'.
        let asOtherUser = getuid() == 0
        if asOtherUser {
            #expect(chmod(directory.path, 0o755) == 0)
        } else {
            #expect(chmod(database, 0o444) == 0)
        }
        let before = try bytes(database)
        var arguments = [TraqtProcess.executable.path, "add", "B", "--days", "mon", "--at", "1:00", "--db", database]
        if asOtherUser { arguments = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = TraqtProcess.environment(database: nil)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 77, "stderr: \(message)")
        #expect(message.hasPrefix("Error: permission denied"))
        #expect(try bytes(database) == before)
    }

    @Test("78: a database with a newer schema is refused by every command")
    func schemaTooNew() throws {
        try SQLiteConnection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 1000)
            .execute("PRAGMA user_version = 999")
        for arguments in [["list"], ["today"], ["export"], ["add", "A", "--days", "mon", "--at", "1:00"],
                          ["remove", "walk-dog"], ["import", "-"], ["due"], ["summary"]] {
            try expectFailure(arguments, status: 78, message: "schema version 999",
                              stdin: #"[{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0}]"#)
        }
    }
}
