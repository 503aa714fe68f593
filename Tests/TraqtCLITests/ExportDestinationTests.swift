import Foundation
import Testing

/// `export FILE` for each kind of thing FILE can name: a regular file is replaced
/// atomically by one of the exporter's, a symlink is followed, anything else is
/// written in place and never replaced; as root and as an unprivileged user.
@Suite("export destinations")
struct ExportDestinationTests {
    @Test("a FIFO is written in place: its reader gets the JSON and it stays a FIFO", arguments: ExportUser.all)
    func fifo(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let fifo = scene.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        scene.own(fifo)
        // The reader opens first without waiting for a writer, then reads blocking
        // once traqt is done: EOF comes when the writer closes, or at once when
        // nothing ever opened the FIFO to write. The JSON fits in the pipe's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        #expect(fcntl(reader, F_SETFL, 0) == 0)
        let result = try scene.traqt(["export", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(reader, &chunk, chunk.count), count > 0 { received += chunk[..<count] }
        #expect(String(decoding: received, as: UTF8.self) == scene.json)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a symlink is followed through several links, relative to each link's folder; the links stay",
          arguments: ExportUser.all)
    func symlinkChain(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let target = try scene.file("target.json", mode: 0o640)
        try scene.folder("sub")
        scene.link("sub/inner", to: "../target.json")
        let outer = scene.link("outer.json", to: "sub/inner")
        let absolute = scene.link("absolute.json", to: outer)
        for link in [outer, absolute] {
            try scene.file("target.json", "old\n", mode: 0o640)
            let result = try scene.traqt(["export", link])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try scene.contents(target) == scene.json)
            #expect(try status(target).st_mode & 0o7777 == 0o600)
        }
        #expect(linkTarget(outer) == "sub/inner")
        #expect(linkTarget(scene.path("sub/inner")) == "../target.json")
        #expect(linkTarget(absolute) == outer)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a dangling symlink gets the file it names created, mode 0600", arguments: ExportUser.all)
    func danglingSymlink(user: ExportUser) throws {
        let scene = try ExportScene(user)
        try scene.folder("sub")
        let link = scene.link("dangling.json", to: "sub/new.json")
        let result = try scene.traqt(["export", "dangling.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(link) == S_IFLNK)
        let created = scene.path("sub/new.json")
        #expect(try scene.contents(created) == scene.json)
        #expect(try status(created).st_mode & 0o7777 == 0o600)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a symlink loop is an I/O error (74) and both links stay", arguments: ExportUser.all)
    func symlinkLoop(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let first = scene.link("loop-a", to: "loop-b")
        let second = scene.link("loop-b", to: "loop-a")
        let result = try scene.traqt(["export", "loop-a"])
        expectFailure(result, 74, "loop-a", "Too many levels of symbolic links")
        #expect(linkTarget(first) == "loop-b" && linkTarget(second) == "loop-a")
        #expect(scene.temporaries().isEmpty)
    }

    @Test("/dev/full: 74 with the system's message, and the device stays a device", arguments: ExportUser.all)
    func devFull(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let result = try scene.traqt(["export", "/dev/full"])
        expectFailure(result, 74, "/dev/full", "No space left on device")
        let device = try status("/dev/full")
        #expect(fileType("/dev/full") == S_IFCHR && device.st_rdev == (1 << 8 | 7))
        let strays = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains("full") }
        #expect(strays == ["full"])
    }

    @Test("a socket cannot be opened by name: 74, and it stays a socket", arguments: ExportUser.all)
    func socketFile(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let path = scene.path("socket")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        scene.own(path)
        let result = try scene.traqt(["export", path])
        expectFailure(result, 74, path, "No such device or address")
        #expect(fileType(path) == S_IFSOCK)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a replaced file is the exporter's with mode 0600, whoever owned it and whatever its mode",
          arguments: ExportUser.all, [0o666, 0o640, 0o600] as [mode_t])
    func replacementIsTheExporters(user: ExportUser, mode: mode_t) throws {
        let scene = try ExportScene(user)
        let backup = try scene.file("backup.json", mode: mode)
        // As root, another user's file that user may read: it must not show them root's export.
        if user.isRoot { #expect(chown(backup, ExportUser.nobodyID, ExportUser.nobodyID) == 0) }
        let before = try status(backup)
        let result = try scene.traqt(["export", "backup.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scene.contents(backup) == scene.json)
        let after = try status(backup)
        #expect(after.st_ino != before.st_ino, "replaced by a rename, not rewritten in place")
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(after.st_uid == (user == .nobody ? ExportUser.nobodyID : getuid()))
        #expect(after.st_gid == (user == .nobody ? ExportUser.nobodyID : getgid()))
        #expect(scene.temporaries().isEmpty)
    }

    @Test("--mode gives the new file exactly that mode, whatever the umask", arguments: ExportUser.all,
          [("0640", 0o640), ("644", 0o644), ("0400", 0o400), ("0", 0)] as [(String, mode_t)])
    func explicitMode(user: ExportUser, mode: (String, mode_t)) throws {
        let scene = try ExportScene(user)
        try scene.file("old.json", mode: 0o600)
        for name in ["new.json", "old.json"] {
            let result = try scene.traqt(["export", "--mode", mode.0, name], umask: "077")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try status(scene.path(name)).st_mode & 0o7777 == mode.1)
        }
        #expect(scene.temporaries().isEmpty)
    }

    @Test("--mode that is not octal permission bits, or without FILE, is a usage error (64)",
          arguments: [["0999"], ["4755"], ["1777"], ["rw-r--r--"], [""], ["07777"], ["0640", "-"], ["0640"]])
    func invalidMode(arguments: [String]) throws {
        let scene = try ExportScene(.own)
        let target = arguments.count == 2 ? [arguments[1]] : arguments[0] == "0640" ? [] : ["new.json"]
        let result = try scene.traqt(["export", "--mode", arguments[0]] + target)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains("--mode"), "\(result.stderr)")
        #expect(fileType(scene.path("new.json")) == 0)
    }

    @Test("a new file gets 0600, less what the umask removes", arguments: ExportUser.all,
          [("022", 0o600), ("077", 0o600), ("027", 0o600), ("377", 0o400), ("177", 0o600)] as [(String, mode_t)])
    func newFileMode(user: ExportUser, umask: (String, mode_t)) throws {
        let scene = try ExportScene(user)
        let result = try scene.traqt(["export", "new.json"], umask: umask.0)
        #expect(result.status == 0, "\(result.stderr)")
        let created = scene.path("new.json")
        #expect(try status(created).st_mode & 0o7777 == umask.1)
        #expect(try scene.contents(created) == scene.json)
        #expect(scene.temporaries().isEmpty)
    }

    @Test("standard output: '-', no FILE, and /dev/stdout to a pipe or appended to a file", arguments: ExportUser.all)
    func standardOutput(user: ExportUser) throws {
        let scene = try ExportScene(user)
        for arguments in [["export", "-"], ["export"]] {
            let result = try scene.traqt(arguments)
            #expect(result.status == 0 && result.stdout == scene.json)
        }
        #expect(fileType(scene.path("-")) == 0)

        let pipe = Pipe()
        let piped = try scene.traqt(["export", "/dev/stdout"], stdout: pipe.fileHandleForWriting)
        #expect(piped.status == 0, "\(piped.stderr)")
        try pipe.fileHandleForWriting.close()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == scene.json)

        // Written through the descriptor itself: its append mode holds, nothing is truncated.
        let log = try scene.file("log.txt", "first\n")
        let appending = open(log, O_WRONLY | O_APPEND)
        try #require(appending >= 0)
        let appended = try scene.traqt(["export", "/dev/stdout"],
                                       stdout: FileHandle(fileDescriptor: appending, closeOnDealloc: true))
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(try scene.contents(log) == "first\n" + scene.json)

        #expect(fileType("/dev/stdout") == S_IFLNK && linkTarget("/dev/stdout") == "/proc/self/fd/1")
        // Closed by the shell first: a descriptor the test process holds open (and
        // Foundation's spawn passes on) would otherwise be written.
        let closed = try scene.traqt(["export", "/dev/fd/9"], setup: "exec 9>&-")
        expectFailure(closed, 74, "/dev/fd/9", "Bad file descriptor")
        #expect(scene.temporaries().isEmpty)
    }

    @Test("a failed write leaves FILE and its folder as they were; a file or folder traqt may not write is 77",
          arguments: ExportUser.all)
    func failuresLeaveNothing(user: ExportUser) throws {
        let scene = try ExportScene(user)
        let backup = try scene.file("backup.json", mode: 0o600)
        // A file size limit of 0 makes every write fail with EFBIG (SIGXFSZ ignored).
        let tooLarge = try scene.traqt(["export", "backup.json"], setup: "trap '' XFSZ && ulimit -f 0")
        expectFailure(tooLarge, 74, "backup.json", "File too large")
        #expect(try scene.contents(backup) == "old\n")
        #expect(scene.temporaries().isEmpty)

        // A file that is not a traqt database fails after the temporary file exists.
        let foreign = try scene.file("foreign.sqlite", String(repeating: "not a database\n", count: 300))
        let notTraqt = try scene.traqt(["--db", foreign, "export", "backup.json"])
        #expect(notTraqt.status == 65)
        #expect(try scene.contents(backup) == "old\n")
        #expect(scene.temporaries().isEmpty)

        // Root may write anything: modes only stop another user.
        guard !user.isRoot else { return }
        #expect(chmod(backup, 0o444) == 0)
        let readOnlyFile = try scene.traqt(["export", "backup.json"])
        expectFailure(readOnlyFile, 77, "backup.json", "Permission denied")
        #expect(try scene.contents(backup) == "old\n")

        let closedFolder = try scene.folder("closed")
        #expect(chmod(closedFolder, 0o555) == 0)
        let readOnlyFolder = try scene.traqt(["export", "closed/new.json"])
        expectFailure(readOnlyFolder, 77, "closed/new.json", "Permission denied")
        #expect(try FileManager.default.contentsOfDirectory(atPath: closedFolder).isEmpty)
        #expect(scene.temporaries().isEmpty)
    }

    /// Checks a failed export: the exit status and `Error: cannot write 'PATH': REASON`.
    private func expectFailure(_ result: TraqtProcess.Result, _ status: Int32, _ path: String, _ reason: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "Error: cannot write '\(path)': \(reason)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }
}
