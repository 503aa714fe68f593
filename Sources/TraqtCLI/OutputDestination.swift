#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// What `export FILE` writes to, found by walking FILE one component at a time
/// from a folder descriptor (O_PATH, O_NOFOLLOW) instead of handing the path to
/// the kernel: each symlink met on the way is checked before it is followed, and
/// what is written afterwards happens relative to the folder found, so a folder
/// swapped for a link meanwhile cannot move the output.
///
/// A symlink is followed only when it is owned by this user or root and sits in
/// a folder no one else may write (owned by this user or root, without group or
/// world write permission). Any other link is refused (73): another user could
/// have planted it, or swap it, to have traqt write where that user may not.
final class OutputDestination {
    enum Kind {
        /// A descriptor traqt was started with (`/dev/stdout`, `/dev/fd/N`).
        case descriptor(Int32)
        /// Not a regular file (a device, FIFO, socket or folder), open as an
        /// O_PATH handle: written where it is, never replaced.
        case inPlace(location: Int32, info: stat)
        /// A regular file, or nothing yet: a new file renamed over `name` in `folder`.
        case replace(existing: stat?)
    }

    let kind: Kind
    /// The folder that holds `name`, open with O_PATH, and its status.
    let folder: Int32
    let folderInfo: stat
    /// The last component, after the links followed.
    let name: String

    private init(_ kind: Kind, in walk: Walk, name: String) {
        self.kind = kind
        folder = walk.folder
        folderInfo = walk.folderInfo
        self.name = name
    }

    deinit {
        close(folder)
        if case let .inPlace(location, _) = kind { close(location) }
    }

    /// Resolves `path` as `export` may write it, following at most 40 symlinks as
    /// the kernel does (more is ELOOP). A relative link target starts at the link's
    /// folder, an absolute one at `/`.
    static func resolve(_ path: String) throws(CommandError) -> OutputDestination {
        var walk = try Walk(from: path.startsWithBytes("/") ? "/" : ".", shown: path)
        var pending = components(of: path)
        var links = 0
        while let component = pending.popLast() {
            guard pending.isEmpty else {
                if let target = try walk.enter(component) { pending += try walk.follow(target, &links) }
                continue
            }
            if let descriptor = try walk.ownDescriptor(named: component) {
                return OutputDestination(.descriptor(descriptor), in: walk, name: component)
            }
            let location = traqt_open_location(walk.folder, component, 0)
            guard location >= 0 else {
                // Nothing there, or the missing target of a link: a new file.
                if errno == ENOENT { return OutputDestination(.replace(existing: nil), in: walk, name: component) }
                throw walk.failure(errno)
            }
            var info = stat()
            guard fstat(location, &info) == 0 else { close(location); throw walk.failure(errno) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                pending += try walk.follow(Link(location: location, info: info, name: component), &links)
            case S_IFREG:
                close(location)
                // A file traqt may not write (`chmod 444`) is refused, not replaced
                // behind its mode through a writable folder.
                guard faccessat(walk.folder, component, W_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw walk.failure(errno)
                }
                return OutputDestination(.replace(existing: info), in: walk, name: component)
            default:
                return OutputDestination(.inPlace(location: location, info: info), in: walk, name: component)
            }
        }
        // Only an empty path has no component.
        throw walk.failure(ENOENT)
    }

    /// `path`'s components, last first (popped in order); a trailing slash adds
    /// `.`, so that `dir/` names the folder as the kernel takes it.
    private static func components(of path: String) -> [String] {
        var parts = path.pathComponents()
        if path.endsWithBytes("/") { parts.append(".") }
        return parts.reversed()
    }

    /// A symlink met on the way, open as an O_PATH handle (closed by `follow`).
    struct Link {
        let location: Int32
        let info: stat
        let name: String
    }

    /// The folder reached so far, and how to show it in a message.
    private struct Walk {
        private(set) var folder: Int32
        private(set) var folderInfo = stat()
        /// The folder as FILE spelled it, with links replaced by their targets: `shared/`.
        private var walked: String
        let shown: String

        init(from start: String, shown: String) throws(CommandError) {
            self.shown = shown
            walked = start == "/" ? "/" : ""
            folder = -1
            try move(to: traqt_open_location(AT_FDCWD, start, O_DIRECTORY))
        }

        /// Steps into the folder `component`; a symlink there is returned to be followed.
        mutating func enter(_ component: String) throws(CommandError) -> Link? {
            if component == "." { return nil }
            let next = traqt_open_location(folder, component, O_DIRECTORY)
            if next >= 0 {
                try move(to: next)
                walked += component + "/"
                return nil
            }
            // ENOTDIR: the component is a symlink (or not a folder at all).
            guard errno == ENOTDIR else { throw failure(errno) }
            let location = traqt_open_location(folder, component, 0)
            guard location >= 0 else { throw failure(errno) }
            var info = stat()
            guard fstat(location, &info) == 0 else { close(location); throw failure(errno) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                return Link(location: location, info: info, name: component)
            case S_IFDIR:
                // A link swapped back for a folder since: this handle is that folder.
                try move(to: location)
                walked += component + "/"
                return nil
            default:
                close(location)
                throw failure(ENOTDIR)
            }
        }

        /// The components of `link`'s target, to walk next, once the link passes the
        /// rule; an absolute target starts over at `/`.
        mutating func follow(_ link: Link, _ links: inout Int) throws(CommandError) -> [String] {
            defer { close(link.location) }
            let user = geteuid()
            if link.info.st_uid != user && link.info.st_uid != 0 {
                throw refusal("'\(walked + link.name)' is a symlink owned by \(UserAccounts.describeUser(link.info.st_uid)), not by you or root")
            }
            if let reason = Self.othersMayWrite(folderInfo) {
                throw refusal("the symlink '\(walked + link.name)' is in '\(walked.isEmpty ? "." : walked)', \(reason)")
            }
            links += 1
            guard links <= 40 else { throw failure(ELOOP) }
            let target = try readTarget(link.location)
            if target.startsWithBytes("/") {
                try move(to: traqt_open_location(AT_FDCWD, "/", O_DIRECTORY))
                walked = "/"
            }
            return OutputDestination.components(of: target)
        }

        /// The descriptor `N` when `name` is `N` in traqt's own `/proc/self/fd`
        /// (where `/dev/stdout` and `/dev/fd/N` lead). Writing to the descriptor
        /// itself works for pipes, sockets and terminals alike and keeps its offset
        /// and append mode (`traqt export /dev/stdout >> log`); reopening it by name
        /// fails for a socket and starts a file over at byte 0.
        func ownDescriptor(named name: String) throws(CommandError) -> Int32? {
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let number = Int32(name) else { return nil }
            var ownInfo = stat()
            guard stat("/proc/self/fd", &ownInfo) == 0,
                  folderInfo.st_dev == ownInfo.st_dev, folderInfo.st_ino == ownInfo.st_ino else { return nil }
            guard fcntl(number, F_GETFD) >= 0 else { throw failure(EBADF) }
            return number
        }

        func failure(_ code: Int32) -> CommandError { Files.outputError(shown, code) }

        func refusal(_ reason: String) -> CommandError { .outputRefused(path: shown, reason: reason) }

        /// Makes `descriptor` (an O_PATH folder handle, or -1 with errno set) the current folder.
        private mutating func move(to descriptor: Int32) throws(CommandError) {
            guard descriptor >= 0 else { throw failure(errno) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                let code = errno
                close(descriptor)
                throw failure(code)
            }
            if folder >= 0 { close(folder) }
            folder = descriptor
            folderInfo = info
        }

        /// The target of the link open as the O_PATH handle `location`: read from
        /// the handle, so it is the link whose owner was checked.
        private func readTarget(_ location: Int32) throws(CommandError) -> String {
            var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = bytes.withUnsafeMutableBytes { readlinkat(location, "", $0.baseAddress!, $0.count) }
            guard count >= 0 else { throw failure(errno) }
            guard count < bytes.count else { throw failure(ENAMETOOLONG) }
            guard count > 0 else { throw failure(ENOENT) }
            return String(decoding: bytes[..<count], as: UTF8.self)
        }

        /// Why someone other than this user may change a folder's entries, if anyone
        /// may: it is another user's (root aside), or group- or world-writable,
        /// sticky or not.
        private static func othersMayWrite(_ folder: stat) -> String? {
            if folder.st_uid != geteuid() && folder.st_uid != 0 {
                return "a folder of \(UserAccounts.describeUser(folder.st_uid))"
            }
            if folder.st_mode & 0o022 != 0 {
                return "a folder others may write (mode \(String(folder.st_mode & 0o7777, radix: 8)))"
            }
            return nil
        }
    }
}
