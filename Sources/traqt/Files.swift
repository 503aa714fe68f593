#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// Output for `export`: files, links, special files and descriptors.
enum Files {
    // MARK: - Output

    /// What `write(to:)` writes to, once the path's symlinks are followed.
    private enum Destination {
        /// A descriptor traqt was started with (`/dev/stdout`, `/dev/fd/N`).
        case descriptor(Int32)
        /// Not a regular file (a device, FIFO, socket or folder): written where it is.
        case inPlace(String)
        /// A regular file, or nothing yet: a new file renamed over that path.
        case replace(String, existing: stat?)
    }

    /// Writes what `body` puts in the buffer to `path`, following symlinks:
    /// a regular file is replaced atomically and keeps its mode (and owner and group
    /// where permitted), a missing one is created with mode 0600 less the umask, and
    /// anything else (a device, FIFO, terminal, `/dev/stdout`) is written in place,
    /// never replaced. The path is resolved and opened before `body` runs, as a shell
    /// does with `>`: files that `body` opens (the database) are then never taken for
    /// the `/dev/fd/N` the user named.
    static func write(to path: String, _ body: (OutputBuffer) throws -> Void) throws {
        switch try destination(of: path) {
        case let .descriptor(descriptor):
            try write(body, to: descriptor, path)
        case let .inPlace(target):
            // No O_CREAT and no O_TRUNC: the thing exists and is not a file to empty.
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw outputError(path, errno) }
            defer { close(descriptor) }
            try write(body, to: descriptor, path)
        case let .replace(target, existing):
            try replace(target, existing: existing, path, body)
        }
    }

    /// Follows `path` through symlinks, at most 40 as the kernel does (a loop is
    /// ELOOP), to what it names. Relative link targets start at the link's folder.
    private static func destination(of path: String) throws(CommandError) -> Destination {
        var current = path
        for _ in 0...40 {
            if let descriptor = try ownDescriptor(named: current, path) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there, or the missing target of a dangling link: a new file.
                if errno == ENOENT { return .replace(current, existing: nil) }
                throw outputError(path, errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(current, path)
            case S_IFREG:
                // A file traqt may not write (`chmod 444`) is refused, not replaced
                // behind its mode through a writable folder.
                guard faccessat(AT_FDCWD, current, W_OK, AT_EACCESS) == 0 else { throw outputError(path, errno) }
                return .replace(current, existing: info)
            default:
                return .inPlace(current)
            }
        }
        throw outputError(path, ELOOP)
    }

    /// The descriptor `N` when `path` is `N` in traqt's own `/proc/self/fd` (where
    /// `/dev/stdout` and `/dev/fd/N` lead). Writing to the descriptor itself works for
    /// pipes, sockets and terminals alike and keeps its offset and append mode
    /// (`traqt export /dev/stdout >> log`); reopening it by name fails for a socket
    /// and starts a file over at byte 0.
    private static func ownDescriptor(named path: String, _ shown: String) throws(CommandError) -> Int32? {
        let (folder, name) = split(path)
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int32(name) else { return nil }
        var folderInfo = stat(), ownInfo = stat()
        guard stat(folder, &folderInfo) == 0, stat("/proc/self/fd", &ownInfo) == 0,
              folderInfo.st_dev == ownInfo.st_dev, folderInfo.st_ino == ownInfo.st_ino else { return nil }
        guard fcntl(number, F_GETFD) >= 0 else { throw outputError(shown, EBADF) }
        return number
    }

    /// Where the symlink `link` points, as a path usable from here.
    private static func linkTarget(_ link: String, _ shown: String) throws(CommandError) -> String {
        var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = bytes.withUnsafeMutableBytes { readlink(link, $0.baseAddress!, $0.count) }
        guard count >= 0 else { throw outputError(shown, errno) }
        guard count < bytes.count else { throw outputError(shown, ENAMETOOLONG) }
        let target = String(decoding: bytes[..<count], as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = split(link).folder
        return folder.hasSuffix("/") ? folder + target : folder + "/" + target
    }

    /// A path's folder and last component: `("/tmp", "a.json")`, `(".", "a.json")`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }

    /// Replaces `target` so that readers see the old bytes or the new, never half:
    /// a temporary file beside it (same filesystem, so the rename is atomic) gets the
    /// bytes and the old file's owner and mode, is synced, and is renamed over it;
    /// then the folder is synced so that the rename survives a crash. On any error
    /// the temporary file is removed and `target` is untouched.
    ///
    /// Where the filesystem allows, the temporary file is unnamed (O_TMPFILE)
    /// while it is written, and gets its name only for the rename: an export
    /// killed while writing (SIGKILL runs no clean-up) then leaves nothing.
    /// Elsewhere a named one is used, and the ones a killed run of this user
    /// left are removed by the next export to the same file.
    private static func replace(_ target: String, existing: stat?, _ shown: String,
                                _ body: (OutputBuffer) throws -> Void) throws {
        let folder = split(target).folder
        removeStaleTemporaries(of: target)
        let unnamed = traqt_open_unnamed(folder, 0o600)
        var temporary: String?
        let descriptor: Int32
        if unnamed >= 0 {
            descriptor = unnamed
        } else {
            (temporary, descriptor) = try createTemporary(beside: target, shown)
        }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed, let temporary { unlink(temporary) }
        }
        if let existing { try keepOwnerAndMode(of: existing, descriptor, shown) }
        try write(body, to: descriptor, shown)
        guard fsync(descriptor) == 0 else { throw outputError(shown, errno) }
        if temporary == nil { temporary = try link(unnamed: descriptor, beside: target, shown) }
        guard rename(temporary!, target) == 0 else { throw outputError(shown, errno) }
        renamed = true
        try syncFolder(folder, shown)
    }

    /// Names the unnamed file `descriptor` `.NAME.tmp-PID-N` beside `target`, for
    /// the rename over it (`linkat` cannot replace a name itself).
    private static func link(unnamed descriptor: Int32, beside target: String, _ shown: String) throws(CommandError) -> String {
        for attempt in 0..<100 {
            let name = temporaryName(beside: target, attempt: attempt)
            if traqt_link_unnamed(descriptor, name) == 0 { return name }
            if errno != EEXIST { throw outputError(shown, errno) }
        }
        throw outputError(shown, EEXIST)
    }

    /// `.NAME.tmp-PID-N` beside `target`, within NAME_MAX (255 bytes) however
    /// long the target's name is.
    private static func temporaryName(beside target: String, attempt: Int) -> String {
        let (folder, name) = split(target)
        var stem = Substring(name)
        while stem.utf8.count > 200 { stem.removeLast() }
        return (folder.hasSuffix("/") ? folder : folder + "/") + ".\(stem).tmp-\(getpid())-\(attempt)"
    }

    /// Removes the temporary files of `target` that an export killed before it
    /// could clean up left: named after `target`, this user's, and made by a
    /// process that no longer runs.
    private static func removeStaleTemporaries(of target: String) {
        let (folder, name) = split(target)
        var stem = Substring(name)
        while stem.utf8.count > 200 { stem.removeLast() }
        let prefix = ".\(stem).tmp-"
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            let parts = entryName.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), Int(parts[1]) != nil, pid != getpid() else { continue }
            // Still running (or not ours to ask about): leave it.
            if kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + entryName
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else { continue }
            unlink(path)
        }
    }

    /// A new, empty `.NAME.tmp-PID-N` beside `target`: hidden, and named after the
    /// target so that one left by a crash says where it came from. O_EXCL makes it
    /// traqt's alone (never another run's file, nor one planted there); on EEXIST the
    /// next N is tried. Mode 0600 less the umask, the mode a new export keeps:
    /// activity names are personal. Used where the filesystem has no O_TMPFILE.
    private static func createTemporary(beside target: String, _ shown: String) throws(CommandError) -> (String, Int32) {
        for attempt in 0..<100 {
            let temporary = temporaryName(beside: target, attempt: attempt)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (temporary, descriptor) }
            if errno != EEXIST { throw outputError(shown, errno) }
        }
        throw outputError(shown, EEXIST)
    }

    /// The replacement keeps the old file's owner and group where the kernel allows
    /// it (root; a user's own file, a group the user is in), and its mode: a
    /// `chmod 600` backup stays private.
    private static func keepOwnerAndMode(of old: stat, _ descriptor: Int32, _ shown: String) throws(CommandError) {
        // EPERM: traqt may not give the file away; it belongs to whoever wrote it,
        // as with any editor, but keeps its group when the writer is in that group.
        if fchown(descriptor, old.st_uid, old.st_gid) != 0 {
            guard errno == EPERM else { throw outputError(shown, errno) }
            if fchown(descriptor, uid_t.max, old.st_gid) != 0 && errno != EPERM { throw outputError(shown, errno) }
        }
        // After fchown, which clears the set-id bits.
        guard fchmod(descriptor, old.st_mode & 0o7777) == 0 else { throw outputError(shown, errno) }
    }

    /// Syncs the folder whose entry the rename changed, so that the new file is the
    /// one found after a crash.
    private static func syncFolder(_ folder: String, _ shown: String) throws(CommandError) {
        // A folder traqt may write but not read (mode 0333) cannot be opened to sync.
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // EINVAL: a filesystem that cannot sync a folder.
        if fsync(descriptor) != 0 && errno != EINVAL { throw outputError(shown, errno) }
    }

    /// Runs `body` on a buffer in front of `descriptor` and writes out the rest.
    private static func write(_ body: (OutputBuffer) throws -> Void, to descriptor: Int32, _ shown: String) throws {
        let buffer = OutputBuffer(descriptor: descriptor)
        do {
            try body(buffer)
            try buffer.flush()
        } catch let OutputError.failed(code) {
            throw outputError(shown, code)
        }
    }

    private static func outputError(_ path: String, _ code: Int32) -> CommandError {
        .outputFailed(path: path, reason: String(cString: strerror(code)),
                      permission: code == EACCES || code == EPERM || code == EROFS)
    }
}
