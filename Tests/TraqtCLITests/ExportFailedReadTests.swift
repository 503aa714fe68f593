import Foundation
import Testing

/// An export whose read fails partway (a row another program wrote, after many
/// good ones) writes nothing where it writes in place: standard output, a
/// descriptor, a FIFO. Only the error reaches the user.
@Suite("export after a failed read")
struct ExportFailedReadTests {
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.file("traqt.sqlite")
        // Far more than one 64 KiB buffer of JSON before the bad row, which sorts last.
        let records = (0..<3_000).map { #"{"id":"a\#($0)","name":"Activity \#($0)","daysOfWeek":127,"timeOfDay":\#($0 % 1440)}"# }
        let imported = try InProcessTraqt.run(["import", "-"], database: database, stdin: "[" + records.joined(separator: ",") + "]")
        try #require(imported.status == 0, "\(imported.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, "pragma ignore_check_constraints = on; insert into activity values('bad','x',127,1440,1,1)"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test("standard output stays empty: 65 and the row named",
          arguments: [["export"], ["export", "-"], ["export", "/dev/stdout"], ["export", "--format", "ics"],
                      ["export", "--format", "ics", "/dev/fd/1"]])
    func standardOutput(arguments: [String]) throws {
        let result = try InProcessTraqt.run(arguments, database: database)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout.utf8.count) bytes written")
        #expect(result.stderr.contains("activity 'bad': time_of_day 1440"), "\(result.stderr)")
    }

    @Test("a FIFO's reader gets nothing, then end of file")
    func fifo() throws {
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        #expect(fcntl(reader, F_SETFL, 0) == 0)
        // The FIFO is drained while traqt runs, so that no write of traqt's can
        // block; a read finds end of file whenever no writer has it open.
        let export = Process()
        export.executableURL = TraqtProcess.executable
        export.arguments = ["--db", database, "export", fifo]
        export.environment = TraqtProcess.environment(database: nil)
        export.standardError = FileHandle.nullDevice
        try export.run()
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var exited = false
        while !exited {
            exited = !export.isRunning
            while case let count = read(reader, &chunk, chunk.count), count > 0 { received += count }
            usleep(1_000)
        }
        #expect(export.terminationStatus == 65)
        #expect(received == 0)
    }
}
