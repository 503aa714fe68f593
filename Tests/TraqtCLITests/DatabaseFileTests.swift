import Foundation
import Testing

/// The database file itself: only "no such file" reads as empty; a new file is
/// private; nothing is created through a link; a failed create leaves nothing.
@Suite("the database file")
struct DatabaseFileTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        // Other users (the tests run some commands as 'nobody') may enter it.
        #expect(chmod(directory.path, 0o755) == 0)
    }

    /// Runs traqt through `sh -c` (for umask and ulimit), as 'nobody' when asked.
    private func shell(_ script: String, _ arguments: [String], asNobody: Bool = false) throws -> TraqtProcess.Result {
        var words = ["/bin/sh", "-c", script, TraqtProcess.executable.path] + arguments
        if asNobody { words = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + words }
        return try TraqtProcess.runProgram(words, environment: TraqtProcess.environment(database: nil))
    }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a database behind a folder that may not be searched is an error (77), not empty; a backup survives")
    func unsearchableFolder() throws {
        let folder = directory.file("locked")
        let database = folder + "/traqt.sqlite"
        #expect(try InProcessTraqt.run(["add", "Walk", "--days", "daily", "--at", "7"], database: database).status == 0)
        #expect(chmod(folder, 0o700) == 0)  // root's own: nobody may not enter
        // A backup that nobody may replace, so that only the database can stop the export.
        let backups = directory.file("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        #expect(chmod(backups, 0o777) == 0)
        let backup = backups + "/backup.json"
        try Data("[{\"good\":1}]\n".utf8).write(to: URL(fileURLWithPath: backup))
        #expect(chmod(backup, 0o666) == 0)
        for command in [["list"], ["today"], ["summary"], ["due"], ["export", backup]] {
            let result = try shell(#"exec "$0" "$@""#, command + ["--db", database], asNobody: true)
            #expect(result.status == 77, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: permission denied"), "\(command)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "[{\"good\":1}]\n")
    }

    @Test("a loop of links at the database path is an I/O error (74), not empty")
    func linkLoop() throws {
        let loop = directory.file("loop")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        for command in [["list"], ["today"], ["summary"], ["due"], ["export"], ["add", "X", "--days", "mon", "--at", "7"]] {
            let result = try InProcessTraqt.run(command, database: loop)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("Too many levels of symbolic links"), "\(command)")
        }
    }

    @Test("no database is created through a dangling link, nor in an empty file behind a link")
    func linksAreNotCreatedThrough() throws {
        let dangling = directory.file("dangling.sqlite")
        let target = directory.file("target.sqlite")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: target)
        let first = try InProcessTraqt.run(["add", "X", "--days", "mon", "--at", "7"], database: dangling)
        #expect(first.status == 73)
        #expect(first.stderr.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: target))

        let empty = directory.file("empty-file")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let link = directory.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: empty)
        let second = try InProcessTraqt.run(["add", "X", "--days", "mon", "--at", "7"], database: link)
        #expect(second.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)

        // A link to an existing database is used as it is.
        let real = directory.file("real.sqlite")
        #expect(try InProcessTraqt.run(["add", "X", "--days", "mon", "--at", "7"], database: real).status == 0)
        let toReal = directory.file("to-real.sqlite")
        try FileManager.default.createSymbolicLink(atPath: toReal, withDestinationPath: real)
        #expect(try InProcessTraqt.run(["add", "Y", "--days", "mon", "--at", "8"], database: toReal).status == 0)
        #expect(try InProcessTraqt.run(["list"], database: real).stdout.contains("Y"))
    }

    @Test("a new database is 0600 and its folders 0700, under any umask", arguments: ["000", "022", "077", "277"])
    func privateModes(umask: String) throws {
        let database = directory.file("new/deeper/traqt.sqlite")
        let result = try shell("umask \(umask); exec \"$0\" \"$@\"", ["add", "X", "--days", "mon", "--at", "7", "--db", database])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(database) == 0o600)
        #expect(try mode(directory.file("new")) == 0o700)
        #expect(try mode(directory.file("new/deeper")) == 0o700)
    }

    @Test("a create that fails on a full disk leaves no file")
    func failedCreateLeavesNothing() throws {
        let database = directory.file("full/traqt.sqlite")
        // No file may grow past 0 bytes: SQLite's first write fails as on a full disk.
        let result = try shell(#"trap '' XFSZ; ulimit -f 0; exec "$0" "$@""#, ["add", "X", "--days", "mon", "--at", "7", "--db", database])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("full")).isEmpty)
    }
}
