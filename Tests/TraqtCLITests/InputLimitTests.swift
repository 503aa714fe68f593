import Foundation
import Testing

/// Input that would break something later is refused when it comes in.
@Suite("input limits")
struct InputLimitTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
    }

    @Test("a name is at most 1024 bytes, at add (64) and import (65)")
    func nameLength() throws {
        let longest = String(repeating: "é", count: 512)  // 1024 bytes
        #expect(try InProcessTraqt.run(["add", longest, "--days", "mon", "--at", "7", "--id", "a"], database: database).status == 0)
        let tooLong = longest + "x"
        let add = try InProcessTraqt.run(["add", tooLong, "--days", "mon", "--at", "7", "--id", "b"], database: database)
        #expect(add.status == 64)
        #expect(add.stderr.contains("1025 bytes long; at most 1024"))
        let record = #"[{"id":"b","name":"\#(tooLong)","daysOfWeek":2,"timeOfDay":420}]"#
        let imported = try InProcessTraqt.run(["import", "-"], database: database, stdin: record)
        #expect(imported.status == 65)
        #expect(imported.stderr.contains("record 0, field 'name'"))
    }

    @Test("a name with NUL is refused at import")
    func nul() throws {
        let record = #"[{"id":"n","name":"a\u0000b","daysOfWeek":2,"timeOfDay":420}]"#
        let result = try InProcessTraqt.run(["import", "-"], database: database, stdin: record)
        #expect(result.status == 65)
        #expect(result.stderr.contains("NUL"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("--exec commands do not depend on TMPDIR")
    func execWithoutTemporaryFolder() throws {
        #expect(try InProcessTraqt.run(["add", "Tea", "--days", "daily", "--at", "7"], database: database).status == 0)
        let log = directory.file("log")
        let result = try InProcessTraqt.run(["due", "--now", "2026-11-30T07:00", "--exec", "/bin/sh", "-c", #"cat > "$0""#, log],
                                          database: database, environment: ["TMPDIR": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains(#""id":"tea""#))
    }

    @Test("endless input is refused (65) before memory runs out, and nothing is created", arguments: [
        "exec \"$0\" import /dev/zero", "yes | exec \"$0\" import -",
    ])
    func endlessInput(script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, TraqtProcess.executable.path]
        process.environment = TraqtProcess.environment(database: database)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(stderr.contains("more than 256 MiB"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
