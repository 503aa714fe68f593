#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// Output for `export`: files, links, special files and descriptors.
enum Files {
    // MARK: - Output

    /// Writes what `body` puts in the buffer to `path`, or to `standardOutput` when
    /// it is nil. A regular file is replaced atomically by a new file of this user's
    /// with mode 0600 less the umask, or exactly `mode`; a missing one is created
    /// so; anything else (a device, FIFO, terminal, `/dev/stdout`) is written in
    /// place, never replaced, and only once `body` has finished: a read that fails
    /// halfway leaves nothing there. Symlinks are followed as `OutputDestination`
    /// allows, and nothing is written over `database`'s files. The path is resolved
    /// and opened before `body` runs, as a shell does with `>`: files that `body`
    /// opens (the database) are then never taken for the `/dev/fd/N` the user named.
    static func write(to path: String?, mode: mode_t?, sparing database: DatabaseFiles?, standardOutput: Int32,
                      _ body: (OutputBuffer) throws -> Void) throws {
        guard let path else {
            try refuse(database, matching: standardOutput, "standard output")
            // Errors stay OutputError: they are standard output's, as for any command.
            try writeStaged(body, to: standardOutput)
            return
        }
        let destination = try OutputDestination.resolve(path)
        switch destination.kind {
        case let .descriptor(descriptor):
            try refuse(database, matching: descriptor, path)
            try mapErrors(path) { try writeStaged(body, to: descriptor) }
        case let .inPlace(location, info):
            if let database, let file = database.file(matching: info) { throw databaseRefusal(path, file) }
            try refuseForeign(info, path)
            // No O_CREAT and no O_TRUNC: the thing exists and is not a file to empty.
            let descriptor = traqt_reopen(location, O_WRONLY | O_NOCTTY)
            guard descriptor >= 0 else { throw outputError(path, errno) }
            defer { close(descriptor) }
            try mapErrors(path) { try writeStaged(body, to: descriptor) }
        case let .replace(existing):
            if let database, let file = database.file(named: destination.name, in: destination.folderInfo)
                ?? existing.flatMap(database.file(matching:)) {
                throw databaseRefusal(path, file)
            }
            try replace(destination, mode: mode, path, body)
        }
    }

    /// Refuses a descriptor that is open on one of the database's files
    /// (`traqt export /dev/stdout 1<>traqt.sqlite`).
    private static func refuse(_ database: DatabaseFiles?, matching descriptor: Int32, _ shown: String) throws(CommandError) {
        var info = stat()
        guard let database, fstat(descriptor, &info) == 0, let file = database.file(matching: info) else { return }
        throw databaseRefusal(shown, file)
    }

    private static func databaseRefusal(_ shown: String, _ file: String) -> CommandError {
        .outputRefused(path: shown, reason: "it is the database file '\(file)'")
    }

    /// Refuses a FIFO, device or socket of another user's (root aside): one
    /// planted where traqt would create a file reads what traqt writes.
    private static func refuseForeign(_ info: stat, _ shown: String) throws(CommandError) {
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR, info.st_uid != geteuid(), info.st_uid != 0 else { return }
        let kind = type == S_IFIFO ? "FIFO" : type == S_IFSOCK ? "socket" : "device"
        throw .outputRefused(path: shown, reason: "it is a \(kind) owned by \(UserAccounts.describeUser(info.st_uid)), not by you or root")
    }

    /// Runs `body` into an unnamed file in memory, then copies what it wrote to
    /// `descriptor`: bytes reach a reader only once every row was read and
    /// checked, so a damaged database leaves standard output empty. The copy is
    /// in memory (the kernel's, not this process's heap), about as large as the
    /// file `export FILE` would write.
    private static func writeStaged(_ body: (OutputBuffer) throws -> Void, to descriptor: Int32) throws {
        let staged = traqt_memfd_create("traqt-export")
        guard staged >= 0 else { throw OutputError.failed(errno: errno) }
        defer { close(staged) }
        let buffer = OutputBuffer(descriptor: staged)
        try body(buffer)
        try buffer.flush()
        try copy(staged, to: descriptor)
    }

    /// Copies the whole file `source` to `descriptor`, 1 MiB at a time.
    private static func copy(_ source: Int32, to descriptor: Int32) throws(OutputError) {
        let output = OutputBuffer(descriptor: descriptor, capacity: 0)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(source, $0.baseAddress!, $0.count, offset) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(errno: errno)
            }
            offset += off_t(count)
            output.bytes.append(contentsOf: chunk[..<count])
            try output.flush()
        }
    }

    /// Replaces the destination's file so that readers see the old bytes or the
    /// new, never half: a temporary file in the same folder (so the rename is
    /// atomic) gets the bytes, is synced, and is renamed over it; then the folder
    /// is synced so that the rename survives a crash. Every step is relative to
    /// the folder's descriptor. On any error the temporary file is removed and
    /// the file is untouched.
    ///
    /// The new file is this user's, whoever owned the old one: a file another user
    /// made world-readable must not hand them the export. Its mode is 0600 less
    /// the umask (activity names are personal), or `mode` exactly.
    ///
    /// Where the filesystem allows, the temporary file is unnamed (O_TMPFILE)
    /// while it is written, and gets its name only for the rename: an export
    /// killed while writing (SIGKILL runs no clean-up) then leaves nothing.
    /// Elsewhere a named one is used, and the ones a killed run of this user
    /// left are removed by the next export to the same file.
    private static func replace(_ destination: OutputDestination, mode: mode_t?, _ shown: String,
                                _ body: (OutputBuffer) throws -> Void) throws {
        let folder = destination.folder, name = destination.name
        removeStaleTemporaries(in: folder, of: name)
        let unnamed = traqt_open_unnamed(folder, 0o600)
        var temporary: String?
        let descriptor: Int32
        if unnamed >= 0 {
            descriptor = unnamed
        } else {
            (temporary, descriptor) = try createTemporary(in: folder, beside: name, shown)
        }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed, let temporary { unlinkat(folder, temporary, 0) }
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw outputError(shown, errno) }
        try mapErrors(shown) {
            let buffer = OutputBuffer(descriptor: descriptor)
            try body(buffer)
            try buffer.flush()
        }
        guard fsync(descriptor) == 0 else { throw outputError(shown, errno) }
        if temporary == nil { temporary = try link(unnamed: descriptor, in: folder, beside: name, shown) }
        guard renameat(folder, temporary!, folder, name) == 0 else { throw outputError(shown, errno) }
        renamed = true
        try syncFolder(folder, shown)
    }

    /// Names the unnamed file `descriptor` `.NAME.tmp-PID-N` in `folder`, for
    /// the rename over NAME (`linkat` cannot replace a name itself).
    private static func link(unnamed descriptor: Int32, in folder: Int32, beside name: String,
                             _ shown: String) throws(CommandError) -> String {
        for attempt in 0..<100 {
            let temporary = temporaryName(beside: name, attempt: attempt)
            if traqt_link_unnamed(descriptor, folder, temporary) == 0 { return temporary }
            if errno != EEXIST { throw outputError(shown, errno) }
        }
        throw outputError(shown, EEXIST)
    }

    /// `.NAME.tmp-PID-N`, within NAME_MAX (255 bytes) however long NAME is.
    private static func temporaryName(beside name: String, attempt: Int) -> String {
        temporaryPrefix(of: name) + "\(getpid())-\(attempt)"
    }

    /// `.NAME.tmp-`, NAME cut to 200 bytes.
    private static func temporaryPrefix(of name: String) -> String {
        var stem = Substring(name)
        while stem.utf8.count > 200 { stem.removeLast() }
        return ".\(stem).tmp-"
    }

    /// Removes the temporary files of `name` that an export killed before it
    /// could clean up left in `folder`: named after it, this user's, and made by
    /// a process that no longer runs.
    private static func removeStaleTemporaries(in folder: Int32, of name: String) {
        let prefix = temporaryPrefix(of: name)
        let listing = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0 else { return }
        guard let directory = fdopendir(listing) else { close(listing); return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.startsWithBytes(prefix) else { continue }
            let parts = entryName.droppingBytes(prefix.utf8.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), Int(parts[1]) != nil, pid != getpid() else { continue }
            // Still running (or not ours to ask about): leave it.
            if kill(pid, 0) == 0 || errno != ESRCH { continue }
            var info = stat()
            guard fstatat(folder, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            unlinkat(folder, entryName, 0)
        }
    }

    /// A new, empty `.NAME.tmp-PID-N` in `folder`: hidden, and named after the
    /// target so that one left by a crash says where it came from. O_EXCL makes it
    /// traqt's alone (never another run's file, nor one planted there); on EEXIST the
    /// next N is tried. Mode 0600 less the umask. Used where the filesystem has no
    /// O_TMPFILE.
    private static func createTemporary(in folder: Int32, beside name: String,
                                        _ shown: String) throws(CommandError) -> (String, Int32) {
        for attempt in 0..<100 {
            let temporary = temporaryName(beside: name, attempt: attempt)
            let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (temporary, descriptor) }
            if errno != EEXIST { throw outputError(shown, errno) }
        }
        throw outputError(shown, EEXIST)
    }

    /// Syncs the folder whose entry the rename changed, so that the new file is the
    /// one found after a crash.
    private static func syncFolder(_ folder: Int32, _ shown: String) throws(CommandError) {
        // A folder traqt may write but not read (mode 0333) cannot be opened to sync.
        let descriptor = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // EINVAL: a filesystem that cannot sync a folder.
        if fsync(descriptor) != 0 && errno != EINVAL { throw outputError(shown, errno) }
    }

    /// Runs `body`, naming `shown` in a write error it throws.
    private static func mapErrors(_ shown: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let OutputError.failed(code) {
            throw outputError(shown, code)
        }
    }

    static func outputError(_ path: String, _ code: Int32) -> CommandError {
        .outputFailed(path: path, reason: String(cString: strerror(code)),
                      permission: code == EACCES || code == EPERM || code == EROFS)
    }
}
