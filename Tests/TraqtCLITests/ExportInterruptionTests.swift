import Foundation
import Testing

/// An export killed halfway (SIGKILL: no clean-up runs) leaves the old file and
/// no temporary file.
@Suite("export killed halfway")
struct ExportInterruptionTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        // Enough activities that an export takes a while to write.
        var records: [String] = []
        for index in 0..<60_000 {
            records.append(#"{"id":"a\#(index)","name":"Activity \#(index)","daysOfWeek":127,"timeOfDay":\#(index % 1440)}"#)
        }
        let imported = try InProcessTraqt.run(["import", "-"], database: database, stdin: "[" + records.joined(separator: ",") + "]")
        #expect(imported.status == 0)
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.file("out")).sorted()
    }

    @Test("SIGKILL at any moment leaves the old backup whole and nothing else")
    func killedExports() throws {
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: false)
        let backup = directory.file("out/backup.json")
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: backup))
        for round in 0..<12 {
            let export = try RunningTraqt(["export", backup], database: database)
            try export.start()
            usleep(UInt32(2_000 + round * 4_000))
            export.kill()
            _ = try export.wait()
            #expect(try entries() == ["backup.json"], "round \(round)")
            // Old or new, never half.
            let text = try String(contentsOfFile: backup, encoding: .utf8)
            #expect(text == "[]\n" || text.hasSuffix("]\n"), "round \(round)")
        }
    }

    @Test("a temporary file left by a dead run is removed by the next export; a live run's is kept")
    func staleTemporaries() throws {
        try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: false)
        let backup = directory.file("out/backup.json")
        // PID 2^22 + 1 is above the kernel's largest: no process has it.
        let stale = directory.file("out/.backup.json.tmp-4194305-0")
        let live = directory.file("out/.backup.json.tmp-\(getpid())-0")
        let other = directory.file("out/.other.json.tmp-4194305-0")
        for path in [stale, live, other] { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        #expect(try TraqtProcess.run(["export", backup], database: database).status == 0)
        #expect(try entries() == [".backup.json.tmp-\(getpid())-0", ".other.json.tmp-4194305-0", "backup.json"])
    }
}
