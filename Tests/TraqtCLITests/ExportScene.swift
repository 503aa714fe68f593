import Foundation
import Testing

/// Who runs traqt in the export tests: the tests' own user, and `nobody` as well
/// when that is root (root ignores file modes, so only another user shows them).
enum ExportUser: String, Sendable, CustomStringConvertible {
    case own
    case nobody

    static let all: [ExportUser] = getuid() == 0 ? [.own, .nobody] : [.own]
    static let nobodyID: UInt32 = 65534

    var isRoot: Bool { self == .own && getuid() == 0 }
    var description: String { self == .own ? (getuid() == 0 ? "root" : "own user") : "nobody" }
}

/// A folder under /tmp (which `nobody` can reach, unlike a root-only TMPDIR) holding
/// a database with two activities, all owned by the user who runs traqt.
final class ExportScene {
    let user: ExportUser
    let folder: String
    let database: String
    /// What `export` prints for the database.
    let json: String

    init(_ user: ExportUser) throws {
        self.user = user
        var template = Array("/tmp/traqt-export-XXXXXX".utf8CString)
        folder = String(cString: try #require(mkdtemp(&template)))
        database = folder + "/traqt.sqlite"
        for (name, time) in [("Walk dog", "07:30"), ("Read", "21:00")] {
            let added = try InProcessTraqt.run(["add", name, "--days", "daily", "--at", time], database: database)
            try #require(added.status == 0)
        }
        json = try InProcessTraqt.run(["export"], database: database).stdout
        try #require(json.contains("Walk dog"))
        #expect(chmod(folder, 0o755) == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) { own(path(name)) }
        own(folder)
    }

    deinit {
        chmod(folder, 0o755)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// Gives `path` to the user who runs traqt.
    func own(_ path: String) {
        if user == .nobody { #expect(lchown(path, ExportUser.nobodyID, ExportUser.nobodyID) == 0) }
    }

    /// A file of the runner's with `contents` and `mode`.
    @discardableResult
    func file(_ name: String, _ contents: String = "old\n", mode: mode_t = 0o644) throws -> String {
        let path = path(name)
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, mode) == 0)
        own(path)
        return path
    }

    /// A folder of the runner's.
    @discardableResult
    func folder(_ name: String) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        own(path)
        return path
    }

    /// A symlink `name` pointing to `target` as written.
    @discardableResult
    func link(_ name: String, to target: String) -> String {
        let path = path(name)
        #expect(symlink(target, path) == 0)
        own(path)
        return path
    }

    /// Every temporary file (`.NAME.tmp-…`) under the folder.
    func temporaries() -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return all.filter { $0.contains(".tmp-") }
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Runs `traqt --db DATABASE arguments…` from the folder as the scene's user,
    /// under `umask` and after the shell commands in `setup`. Standard output goes
    /// to `stdout` (returned as empty) or is captured; standard error is a pipe, so
    /// a `ulimit -f` cannot stop the message.
    func traqt(_ arguments: [String], umask: String = "022", setup: String = "true",
               stdout: FileHandle? = nil) throws -> TraqtProcess.Result {
        let scratch = try TemporaryDirectory()
        let outPath = scratch.file("stdout")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        var command = ["/bin/sh", "-c", #"umask "$0" && \#(setup) && exec "$@""#, umask,
                       TraqtProcess.executable.path, "--db", database] + arguments
        if user == .nobody {
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = TraqtProcess.environment(database: nil)
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try stdout ?? FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return TraqtProcess.Result(status: process.terminationStatus,
                                   stdout: try contents(outPath), stderr: stderr)
    }
}

/// What `path` itself is (`S_IFREG`, `S_IFLNK`, …), or 0 when there is nothing.
func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
}

/// `path`'s status, following symlinks.
func status(_ path: String) throws -> stat {
    var info = stat()
    try #require(stat(path, &info) == 0, "stat \(path): \(String(cString: strerror(errno)))")
    return info
}

func linkTarget(_ path: String) -> String? { try? FileManager.default.destinationOfSymbolicLink(atPath: path) }
