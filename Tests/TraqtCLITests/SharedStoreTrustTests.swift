import Foundation
import Testing

/// The store's edge, tried as another user would: a journal planted beside the
/// database, a folder others may write, files that are not files, locations
/// that look like URIs. Other users are real: `setpriv` to nobody (65534),
/// whose primary group nogroup (65534) stands in for a team's group.
@Suite("trust at the shared store's edge")
struct SharedStoreTrustTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        #expect(chmod(directory.path, 0o755) == 0)
    }

    static let nobody: uid_t = 65534
    static let nogroup: gid_t = 65534

    /// The crafting script: SQLite's documented journal format, not a copied file.
    static let hotJournalScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Attacks/hot-journal.py").path

    /// Runs `words` (a program and its arguments) as root, or as nobody with
    /// nogroup as its only group; `timeout` seconds at most (exit 124 then).
    private func run(_ words: [String], asNobody: Bool = false, timeout: Int = 20,
                     currentDirectory: String? = nil, environment: [String: String] = [:]) throws -> TraqtProcess.Result {
        var command = ["/usr/bin/timeout", "\(timeout)"] + words
        if asNobody {
            command = ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nogroup)", "--clear-groups"] + command
        }
        return try TraqtProcess.runProgram(command, environment: TraqtProcess.environment(database: nil, extra: environment),
                                           currentDirectory: currentDirectory)
    }

    private func traqt(_ arguments: [String], db: String, asNobody: Bool = false, timeout: Int = 20) throws -> TraqtProcess.Result {
        try run([TraqtProcess.executable.path, "--db", db] + arguments, asNobody: asNobody, timeout: timeout)
    }

    private func folder(_ name: String, mode: mode_t, owner: uid_t = 0, group: gid_t = 0) throws -> String {
        let path = directory.file(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(chown(path, owner, group) == 0)
        #expect(chmod(path, mode) == 0)
        return path
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A traqt database of nobody's own with the rows nobody wants the victim to
    /// have (the same id, another name and time), made with traqt itself.
    private func attackersDatabase() throws -> String {
        let database = directory.file("attacker/evil.sqlite")
        if FileManager.default.fileExists(atPath: database) { return database }
        _ = try folder("attacker", mode: 0o700, owner: Self.nobody, group: Self.nogroup)
        let made = try traqt(["add", "Evil", "--id", "walk", "--days", "daily", "--at", "8"], db: database, asNobody: true)
        #expect(made.status == 0, "\(made.stderr)")
        return database
    }

    /// Nobody plants a hot journal beside `database` that would turn it into their own.
    private func plantJournal(beside database: String) throws {
        let planted = try run(["/usr/bin/python3", Self.hotJournalScript, try attackersDatabase(), database + "-journal"], asNobody: true)
        #expect(planted.status == 0, "\(planted.stderr)")
    }

    @Test("a journal planted by another user in a 1777 folder is refused (77), never replayed")
    func plantedJournalInStickyFolder() throws {
        let shared = try folder("shared", mode: 0o755)
        let database = shared + "/db.sqlite"
        #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
        // Now the folder is like /tmp: anyone may create files in it.
        #expect(chmod(shared, 0o1777) == 0)
        try plantJournal(beside: database)
        let before = try bytes(database)
        for command in [["list"], ["today"], ["list", "--json"], ["summary"], ["export"], ["due"], ["live", "list"]] {
            let result = try traqt(command, db: database)
            #expect(result.status == 77, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(database + "-journal"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("nobody (uid 65534)"), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command)")
        }
        #expect(try bytes(database) == before)
        #expect(FileManager.default.fileExists(atPath: database + "-journal"))
        // Gone, the database reads as it was: Walk, not nobody's Evil.
        #expect(unlink(database + "-journal") == 0)
        let list = try traqt(["list"], db: database)
        #expect(list.status == 0 && list.stdout.contains("Walk") && !list.stdout.contains("Evil"), "\(list.stdout)")
    }

    @Test("a write is refused (77, naming the folder) where others may create files; reads still work")
    func writesNeedASafeFolder() throws {
        for (name, mode, owner) in [("sticky", 0o1777, 0), ("open", 0o777, 0), ("group-writable", 0o775, 0),
                                    ("others-own", 0o755, Self.nobody)] as [(String, mode_t, uid_t)] {
            let place = try folder(name, mode: 0o755)
            let database = place + "/db.sqlite"
            #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
            #expect(chown(place, owner, 0) == 0)
            #expect(chmod(place, mode) == 0)
            let before = try bytes(database)
            for command in [["add", "Run", "--days", "daily", "--at", "8"], ["remove", "walk"], ["due"], ["done", "walk"]] {
                let result = try traqt(command, db: database)
                #expect(result.status == 77, "\(name) \(command): \(result.stderr)")
                #expect(result.stderr.contains("refusing '\(place)'"), "\(name): \(result.stderr)")
                #expect(result.stderr.contains("Sharing a database safely"), "\(name): \(result.stderr)")
            }
            #expect(try bytes(database) == before, "\(name)")
            let list = try traqt(["list"], db: database)
            #expect(list.status == 0 && list.stdout.contains("Walk"), "\(name): \(list.stderr)")
            // Nor is a new database created in such a folder.
            let fresh = place + "/new.sqlite"
            #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: fresh).status == 77, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: fresh))
        }
    }

    @Test("in a 2770 group folder a member who may only read cannot plant a journal; one who may write keeps working")
    func groupFolder() throws {
        let team = try folder("team", mode: 0o2770, group: Self.nogroup)
        let database = team + "/team.sqlite"
        #expect(try traqt(["add", "Standup", "--days", "weekdays", "--at", "9:15"], db: database).status == 0)
        // The setgid folder gave the new file its group.
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.groupOwnerAccountID] as? Int == Int(Self.nogroup))

        // Readers only (0640): nobody's journal is refused, and so is the
        // owner's own write, which such a member could race.
        #expect(chmod(database, 0o640) == 0)
        #expect(try traqt(["list"], db: database, asNobody: true).status == 0)
        #expect(try traqt(["add", "Lunch", "--days", "daily", "--at", "12"], db: database, asNobody: true).status == 77)
        let write = try traqt(["add", "Retro", "--days", "fri", "--at", "16"], db: database)
        #expect(write.status == 77, "\(write.stderr)")
        #expect(write.stderr.contains("chmod g+w"), "\(write.stderr)")
        try plantJournal(beside: database)
        let before = try bytes(database)
        let refused = try traqt(["list"], db: database)
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("nobody (uid 65534), who may not write the database"), "\(refused.stderr)")
        #expect(try bytes(database) == before)
        #expect(unlink(database + "-journal") == 0)

        // Writers (0660): the member writes, and the journal of a member's
        // crashed write is theirs to leave: the next reader rolls it back.
        #expect(chmod(database, 0o660) == 0)
        let added = try traqt(["add", "Lunch", "--days", "daily", "--at", "12"], db: database, asNobody: true)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try traqt(["add", "Retro", "--days", "fri", "--at", "16"], db: database).status == 0)
        try plantJournal(beside: database)
        let recovered = try traqt(["list"], db: database)
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(recovered.stdout.contains("Evil") && !recovered.stdout.contains("Standup"), "\(recovered.stdout)")
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
        #expect(try run(["/usr/bin/sqlite3", database, "PRAGMA integrity_check"]).stdout == "ok\n")
    }

    @Test("a legitimate hot journal is rolled back by a reader, which opens the file read-only otherwise")
    func crashedWriteIsRecoveredByReader() throws {
        let database = directory.file("db.sqlite")
        #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
        // A journal of root's (the owner's) own, as a crashed write leaves it.
        let source = directory.file("source.sqlite")
        #expect(try traqt(["add", "Swim", "--id", "walk", "--days", "daily", "--at", "6"], db: source).status == 0)
        #expect(try run(["/usr/bin/python3", Self.hotJournalScript, source, database + "-journal"]).status == 0)
        let list = try traqt(["list"], db: database)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Swim"))
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
        // A reader who may not write it cannot roll it back: it says so (77) and changes nothing.
        #expect(chmod(directory.path, 0o755) == 0 && chmod(database, 0o644) == 0)
        #expect(try run(["/usr/bin/python3", Self.hotJournalScript, try attackersDatabase(), database + "-journal"]).status == 0)
        let before = try bytes(database)
        let reader = try traqt(["list"], db: database, asNobody: true)
        #expect(reader.status == 77, "\(reader.stderr)")
        #expect(reader.stderr.contains("only a user who may write the database can roll back"), "\(reader.stderr)")
        #expect(try bytes(database) == before)
    }

    @Test("a FIFO as the journal, -wal or -shm is refused at once (77), never waited on")
    func fifoCompanions() throws {
        let database = directory.file("db.sqlite")
        #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
        for suffix in ["-journal", "-wal", "-shm"] {
            #expect(mkfifo(database + suffix, 0o600) == 0)
            for command in [["list"], ["due"], ["add", "Run", "--days", "daily", "--at", "8"]] {
                let result = try traqt(command, db: database, timeout: 10)
                #expect(result.status == 77, "\(suffix) \(command): \(result.stderr)")
                #expect(result.stderr.contains("is a FIFO, not a regular file"), "\(result.stderr)")
            }
            #expect(unlink(database + suffix) == 0)
        }
    }

    @Test("a journal that is a link (dangling, looping, or to a file) or has two names is refused (77), saying so")
    func linkedJournals() throws {
        let database = directory.file("db.sqlite")
        #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
        let other = directory.file("other")
        #expect(FileManager.default.createFile(atPath: other, contents: Data("x".utf8)))
        let journal = database + "-journal"
        for target in ["/nonexistent/journal", journal, other] {
            try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: target)
            for command in [["list"], ["add", "Run", "--days", "daily", "--at", "8"]] {
                let result = try traqt(command, db: database)
                #expect(result.status == 77, "\(target) \(command): \(result.stderr)")
                #expect(result.stderr.contains("refusing '\(journal)': the journal is a symbolic link"), "\(result.stderr)")
            }
            #expect(unlink(journal) == 0)
        }
        #expect(link(other, journal) == 0)
        let hardLinked = try traqt(["list"], db: database)
        #expect(hardLinked.status == 77 && hardLinked.stderr.contains("has 2 names"), "\(hardLinked.stderr)")
        #expect(try bytes(other) == Data("x".utf8))
    }

    @Test("a database path that is not a regular file is refused (74) before anything is read or written",
          arguments: ["/dev/null", "/dev/zero", "/dev/full", "fifo", "folder"])
    func notAFile(path: String) throws {
        var database = path
        if path == "fifo" {
            database = directory.file("fifo.sqlite")
            #expect(mkfifo(database, 0o600) == 0)
        } else if path == "folder" {
            database = directory.file("folder.sqlite")
            try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        }
        let backup = directory.file("backup.json")
        try Data("[{\"good\":1}]\n".utf8).write(to: URL(fileURLWithPath: backup))
        for command in [["list"], ["today"], ["due"], ["summary"], ["export", backup], ["add", "X", "--days", "mon", "--at", "7"]] {
            let result = try traqt(command, db: database, timeout: 10)
            #expect(result.status == 74, "\(path) \(command): \(result.stderr)")
            #expect(result.stderr.contains("not a database file"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try bytes(backup) == Data("[{\"good\":1}]\n".utf8))
    }

    @Test("file: URIs are refused (64), whatever they say, and nothing is created or followed")
    func fileURIs() throws {
        let database = directory.file("db.sqlite")
        #expect(try traqt(["add", "Walk", "--days", "daily", "--at", "7"], db: database).status == 0)
        let before = try bytes(database)
        for location in ["file:\(database)", "file:\(database)?mode=memory", "file:\(database)?immutable=1",
                         "FILE:\(database)", "file://localhost\(database)", "file:new.sqlite"] {
            for command in [["add", "Run", "--days", "daily", "--at", "8"], ["list"], ["export"]] {
                let result = try run([TraqtProcess.executable.path, "--db", location] + command, currentDirectory: directory.path)
                #expect(result.status == 64, "\(location) \(command): \(result.stderr)")
                #expect(result.stderr.contains("give the path itself"), "\(location): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
        #expect(try bytes(database) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["db.sqlite"])
        // A file that really is named so is written ./file:…
        let named = try run([TraqtProcess.executable.path, "--db", "./file:x.sqlite", "add", "X", "--days", "mon", "--at", "7"],
                            currentDirectory: directory.path)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.file("file:x.sqlite")))
    }

    @Test("connection strings are never taken for paths, and no message shows a password")
    func connectionStrings() throws {
        let cases: [(String, Int32)] = [
            ("POSTGRES://u:s3cr3t@localhost/db", 69), ("Postgresql://u:s3cr3t@localhost/db", 69),
            ("postgresql://u:s3c/r3t@localhost/db", 69), ("postgresql://localhost/db?password=s3cr3t", 69),
            ("postgresql://localhost/db?sslmode=require&PASSWORD=s3cr3t", 69),
            ("postgres:/u:s3cr3t@localhost/db", 64), ("postgresql:localhost?password=s3cr3t", 64),
            ("host=localhost password=s3cr3t dbname=db", 64), ("  user=u password='s3 cr3t'", 64),
            ("mysql://u:s3cr3t@localhost/db", 64), ("x://s3cr3t", 64),
        ]
        for (location, status) in cases {
            for command in [["add", "Run", "--days", "daily", "--at", "8"], ["list"]] {
                let result = try run([TraqtProcess.executable.path, "--db", location] + command, currentDirectory: directory.path)
                #expect(result.status == status, "\(location) \(command): \(result.stderr)")
                #expect(!result.stderr.contains("s3cr3t") && !result.stderr.contains("r3t@"), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            let fromEnvironment = try run([TraqtProcess.executable.path, "list"], currentDirectory: directory.path,
                                          environment: ["TRAQT_DB": location])
            #expect(fromEnvironment.status == status, "TRAQT_DB=\(location): \(fromEnvironment.stderr)")
            #expect(!fromEnvironment.stderr.contains("s3cr3t") && !fromEnvironment.stderr.contains("r3t@"), "\(fromEnvironment.stderr)")
        }
        // Nothing was created in the working folder: no folders named after a password.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
