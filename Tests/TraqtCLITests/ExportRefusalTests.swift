import Foundation
import Testing

/// `export FILE` where another user could have planted what FILE leads to: a
/// symlink of theirs, or in a folder they may write, a FIFO of theirs, or the
/// database itself. Each is refused with 73 before anything is written, and what
/// was there stays as it was.
@Suite("export refuses what it must not write")
struct ExportRefusalTests {
    static let asRoot = getuid() == 0

    @Test("another user's symlink is refused, live or dangling: the file it names stays, none is created",
          .enabled(if: asRoot))
    func foreignLink() throws {
        let scene = try ExportScene(.own)
        let precious = try scene.file("precious", "root only\n", mode: 0o600)
        let shared = try scene.folder("shared")
        try plant("shared/backup.json", to: precious, in: scene)
        try plant("shared/dangling.json", to: scene.path("created.json"), in: scene)
        for name in ["shared/backup.json", "shared/dangling.json"] {
            let result = try scene.traqt(["export", name])
            expectRefusal(result, name, "'\(name)' is a symlink owned by nobody (uid 65534), not by you or root")
        }
        #expect(try scene.contents(precious) == "root only\n")
        #expect(try status(precious).st_mode & 0o7777 == 0o600)
        #expect(fileType(scene.path("created.json")) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == ["backup.json", "dangling.json"])
    }

    @Test("any symlink in a folder others may write is refused, sticky or not, even the user's own",
          arguments: ExportUser.all, [0o1777, 0o0777, 0o0775, 0o0757] as [mode_t])
    func linkInSharedFolder(user: ExportUser, mode: mode_t) throws {
        let scene = try ExportScene(user)
        let target = try scene.file("target.json")
        let shared = try scene.folder("shared")
        #expect(chmod(shared, mode) == 0)
        scene.link("shared/link.json", to: target)
        let result = try scene.traqt(["export", "shared/link.json"])
        expectRefusal(result, "shared/link.json",
                      "the symlink 'shared/link.json' is in 'shared/', a folder others may write (mode \(String(mode, radix: 8)))")
        #expect(try scene.contents(target) == "old\n")
        #expect(fileType(scene.path("shared/link.json")) == S_IFLNK)
    }

    @Test("a symlink in another user's folder is refused, even one root owns", .enabled(if: asRoot))
    func linkInForeignFolder() throws {
        let scene = try ExportScene(.own)
        let target = try scene.file("target.json")
        let theirs = try scene.folder("theirs")
        #expect(chown(theirs, ExportUser.nobodyID, ExportUser.nobodyID) == 0)
        scene.link("theirs/link.json", to: target)
        let result = try scene.traqt(["export", "theirs/link.json"])
        expectRefusal(result, "theirs/link.json",
                      "the symlink 'theirs/link.json' is in 'theirs/', a folder of nobody (uid 65534)")
        #expect(try scene.contents(target) == "old\n")
    }

    @Test("a folder on the way that is another user's symlink, or sits in a shared folder, is refused",
          .enabled(if: asRoot))
    func linkedFolder() throws {
        let scene = try ExportScene(.own)
        let elsewhere = try scene.folder("elsewhere")
        try scene.folder("shared")
        try plant("shared/out", to: elsewhere, in: scene)
        let foreign = try scene.traqt(["export", "shared/out/backup.json"])
        expectRefusal(foreign, "shared/out/backup.json", "'shared/out' is a symlink owned by nobody (uid 65534), not by you or root")

        let open = try scene.folder("open")
        #expect(chmod(open, 0o1777) == 0)
        scene.link("open/out", to: elsewhere)
        let sticky = try scene.traqt(["export", scene.path("open/out/backup.json")])
        expectRefusal(sticky, scene.path("open/out/backup.json"),
                      "the symlink '\(scene.path("open/out"))' is in '\(scene.path("open/"))', a folder others may write (mode 1777)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("the user's own symlinks in their own folders are followed, for folders on the way too",
          arguments: ExportUser.all)
    func ownLinkedFolder(user: ExportUser) throws {
        let scene = try ExportScene(user)
        try scene.folder("real")
        scene.link("linked", to: "real")
        scene.link("absolute", to: scene.path("linked"))
        let result = try scene.traqt(["export", "absolute/backup.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scene.contents(scene.path("real/backup.json")) == scene.json)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("the folder is resolved once: swapped for a link while the export runs, the output stays in it",
          .enabled(if: asRoot))
    func folderSwappedDuringExport() throws {
        let scene = try ExportScene(.own)
        let out = try scene.folder("out")
        let elsewhere = try scene.folder("elsewhere")
        // The export resolves FILE, then waits for the lock to read the database.
        let holder = try LockHolder(database: scene.database)
        let export = Process()
        export.executableURL = TraqtProcess.executable
        export.arguments = ["--db", scene.database, "export", scene.path("out/backup.json")]
        export.environment = TraqtProcess.environment(database: nil, extra: ["TRAQT_BUSY_TIMEOUT": "20000"])
        try export.run()
        try waitUntil(export.processIdentifier, opens: scene.database)
        #expect(rename(out, scene.path("moved")) == 0)
        // Root's own link in root's folder: one the export would follow if it looked again.
        scene.link("out", to: elsewhere)
        holder.release()
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        #expect(try scene.contents(scene.path("moved/backup.json")) == scene.json)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("another user's FIFO is refused without being opened, and stays a FIFO",
          arguments: ExportUser.all)
    func foreignFIFO(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let fifo = scene.path("pipe")
        #expect(mkfifo(fifo, 0o666) == 0)
        // As root, nobody's FIFO; as nobody, one of a third user's (root is trusted).
        #expect(chown(fifo, user.isRoot ? ExportUser.nobodyID : 1234, 1234) == 0)
        let owner = user.isRoot ? "nobody (uid 65534)" : "uid 1234"
        // Their reader, waiting: what traqt wrote would reach them.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let result = try scene.traqt(["export", "pipe"])
        expectRefusal(result, "pipe", "it is a FIFO owned by \(owner), not by you or root")
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test("the database, its journal, a link or a hard link to it, or a descriptor open on it: refused, the file unchanged",
          arguments: ["json", "ics"])
    func database(format: String) throws {
        let scene = try ExportScene(.own)
        let before = try Data(contentsOf: URL(fileURLWithPath: scene.database))
        scene.link("db-link.json", to: "traqt.sqlite")
        #expect(link(scene.database, scene.path("hard.sqlite")) == 0)
        let targets: [(String, String)] = [
            ("traqt.sqlite", scene.database), (scene.database, scene.database), ("db-link.json", scene.database),
            ("hard.sqlite", scene.database), ("./traqt.sqlite-journal", scene.database + "-journal"),
            ("traqt.sqlite-wal", scene.database + "-wal"), ("traqt.sqlite-shm", scene.database + "-shm"),
        ]
        for (target, file) in targets {
            let result = try scene.traqt(["export", "--format", format, target])
            expectRefusal(result, target, "it is the database file '\(file)'")
        }
        // Standard output (or /dev/stdout) open on the database, as `>> traqt.sqlite` would leave it.
        for arguments in [["export", "--format", format], ["export", "--format", format, "/dev/stdout"]] {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: scene.database))
            let result = try scene.traqt(arguments, stdout: handle)
            try handle.close()
            #expect(result.status == 73, "\(result.stderr)")
            #expect(result.stderr.contains("it is the database file '\(scene.database)'"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene.database)) == before)
        #expect(fileType(scene.database + "-journal") == 0 && fileType(scene.database + "-wal") == 0)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a database reached through a symlink is known by the file it leads to")
    func linkedDatabase() throws {
        let scene = try ExportScene(.own)
        try scene.folder("other")
        scene.link("other/db.sqlite", to: scene.database)
        let before = try Data(contentsOf: URL(fileURLWithPath: scene.database))
        // SQLite keeps the journal beside the file the link leads to.
        let result = try scene.traqt(["--db", "other/db.sqlite", "export", "traqt.sqlite-journal"])
        expectRefusal(result, "traqt.sqlite-journal", "it is the database file 'other/db.sqlite-journal'")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene.database)) == before)
        #expect(fileType(scene.database + "-journal") == 0)
    }

    /// A symlink `name` to `target`, owned by nobody as if they had made it.
    private func plant(_ name: String, to target: String, in scene: ExportScene) throws {
        #expect(symlink(target, scene.path(name)) == 0)
        #expect(lchown(scene.path(name), ExportUser.nobodyID, ExportUser.nobodyID) == 0)
    }

    /// Waits until process `pid` has `path` open (it got that far), for up to 10 s.
    private func waitUntil(_ pid: Int32, opens path: String) throws {
        let folder = "/proc/\(pid)/fd"
        for _ in 0..<10_000 {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if descriptors.contains(where: { linkTarget(folder + "/" + $0) == path }) { return }
            usleep(1_000)
        }
        Issue.record("process \(pid) never opened \(path)")
    }

    /// Checks a refused export: 73, `Error: refusing to write 'PATH': REASON; nothing was written`.
    private func expectRefusal(_ result: TraqtProcess.Result, _ path: String, _ reason: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 73, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "Error: refusing to write '\(path)': \(reason); nothing was written\n",
                sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }
}

extension ExportRefusalTests {
    // "/" then a combining mark is one Swift Character; a walk that split the
    // path by Characters handed "out/\u{301}x" to openat whole, and the kernel
    // followed the link that the walk never saw.
    @Test("a combining mark after '/' does not hide a symlink on the way from the checks")
    func combiningMarkAfterSlash() throws {
        let scene = try ExportScene(.own)
        let elsewhere = try scene.folder("elsewhere")
        let open = try scene.folder("open")
        #expect(chmod(open, 0o0777) == 0)
        scene.link("open/out", to: elsewhere)
        let name = "open/out/\u{301}backup.json"
        let result = try scene.traqt(["export", name])
        expectRefusal(result, name, "the symlink 'open/out' is in 'open/', a folder others may write (mode 777)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}
