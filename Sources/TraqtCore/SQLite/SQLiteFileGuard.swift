#if canImport(Glibc)
import Glibc
#endif

/// What traqt checks before SQLite may open a database file, because SQLite
/// trusts every file beside it: a hot rollback journal found next to the
/// database is replayed into it by the next connection that may write, and
/// `integrity_check` says ok afterwards. Anyone who can create
/// `NAME.sqlite-journal` in the folder can therefore rewrite the database.
///
/// - The database path must be a regular file (a device would read as empty).
/// - A journal, `-wal` or `-shm` beside it must be a regular file with one
///   name, owned by a user who may write the database anyway: its owner, root,
///   or a member of its group when the file is group-writable. A link, a FIFO
///   (SQLite would block opening it) or another user's file is refused before
///   anything opens the database.
/// - A write also needs a folder in which no one else can plant such a file
///   between this check and SQLite's open: see `checkFolderForWriting`.
enum SQLiteFileGuard {
    /// The names SQLite may open beside a database in any journal mode.
    static let companionSuffixes = ["-journal", "-wal", "-shm"]

    /// A database file that exists: the absolute path with no link in it (the
    /// one SQLite is given, so that what was checked is what it opens; SQLite
    /// puts its journal beside the real file too) and what `stat` says of it.
    struct DatabaseFile {
        let realPath: String
        let info: stat
        var folder: String { SQLiteFileGuard.folder(of: realPath) }
    }

    /// The database at `path` (links followed), nil when there is none.
    /// Anything other than a regular file is refused (74): `/dev/null` or
    /// `/dev/zero` would read as an empty database, a FIFO would block.
    static func find(_ path: String, forCreating: Bool = false) throws(StoreError) -> DatabaseFile? {
        guard let info = try FileSystem.status(path, forCreating: forCreating) else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notAFile(path: path, kind: kind(of: info.st_mode))
        }
        guard let resolved = realpath(path, nil) else {
            throw .io(path: path, detail: "cannot resolve the path: \(describeErrno(errno))")
        }
        defer { free(resolved) }
        return DatabaseFile(realPath: String(cString: resolved), info: info)
    }

    /// Refuses (77) a journal, `-wal` or `-shm` beside `database` that is not
    /// a regular file with one name, or whose owner may not write the database.
    /// Returns whether a rollback journal is there (it may be hot: left by a
    /// write that crashed, for the next writer to roll back).
    @discardableResult
    static func checkCompanions(of database: DatabaseFile) throws(StoreError) -> Bool {
        var journalFound = false
        for suffix in companionSuffixes {
            let companion = database.realPath + suffix
            var info = stat()
            guard lstat(companion, &info) == 0 else {
                let code = errno
                if code == ENOENT { continue }
                throw .io(path: companion, detail: "cannot check the file: \(describeErrno(code))")
            }
            // No name left: a writer removed it (a commit deletes its journal)
            // between the lookup and the status. It is gone, so SQLite cannot
            // open it.
            if info.st_nlink == 0 { continue }
            let what = suffix == "-journal" ? "the journal" : "the \(suffix.dropFirst()) file"
            let owner = UserAccounts.describeUser(info.st_uid)
            let advice = "traqt lets SQLite open only a regular file of a user who may write the database; remove it after checking it, if no traqt is writing"
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFLNK:
                throw .untrusted(path: companion, detail: "\(what) is a symbolic link (owner \(owner)); \(advice)")
            default:
                throw .untrusted(path: companion, detail: "\(what) is \(kind(of: info.st_mode)), not a regular file (owner \(owner)); \(advice)")
            }
            guard info.st_nlink == 1 else {
                throw .untrusted(path: companion, detail: "\(what) has \(info.st_nlink) names (hard links; owner \(owner)); \(advice)")
            }
            guard mayWrite(info.st_uid, database.info) else {
                throw .untrusted(path: companion, detail: "\(what) belongs to \(owner), who may not write the database (owner \(UserAccounts.describeUser(database.info.st_uid)), mode \(octal(database.info.st_mode))); replaying it would let them rewrite it. \(advice)")
            }
            if suffix == "-journal" && info.st_size > 0 { journalFound = true }
        }
        return journalFound
    }

    /// Refuses (77) a write to a database in `folder` when users other than
    /// the folder's owner may create files there (and so plant a journal
    /// between the check above and SQLite's open, however sticky the folder):
    /// its owner must be root, the user running traqt or the database's owner;
    /// others may not write it; its group may only in a setgid group folder,
    /// and then only if that group may write the database too (every user who
    /// can plant a journal could write the database anyway). This is the rule
    /// of OpenSSH and PostgreSQL, which refuse files that others can change.
    static func checkFolderForWriting(_ folder: String, database: stat?) throws(StoreError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw .permissionDenied(path: folder, detail: describeErrno(code)) }
            throw .io(path: folder, detail: "cannot check the folder: \(describeErrno(code))")
        }
        let mode = info.st_mode
        let recipe = "keep the database in a folder only its owner may write, or in a setgid group folder (see Sharing a database safely in docs/database.md)"
        let trustedOwners: [uid_t] = [0, geteuid()] + (database.map { [$0.st_uid] } ?? [])
        guard trustedOwners.contains(info.st_uid) else {
            throw .untrusted(path: folder, detail: "the folder of the database belongs to \(UserAccounts.describeUser(info.st_uid)), who could plant a journal that this write would replay; \(recipe); nothing was changed")
        }
        if mode & S_IWOTH != 0 {
            throw .untrusted(path: folder, detail: "any user may create files in the folder of the database (mode \(octal(mode))), and so plant a journal that this write would replay; \(recipe); nothing was changed")
        }
        guard mode & S_IWGRP != 0 else { return }
        let group = UserAccounts.describeGroup(info.st_gid)
        guard mode & S_ISGID != 0 else {
            throw .untrusted(path: folder, detail: "the group \(group) may create files in the folder of the database (mode \(octal(mode))), which is not a setgid group folder; \(recipe); nothing was changed")
        }
        if let database, !(database.st_gid == info.st_gid && database.st_mode & S_IWGRP != 0) {
            throw .untrusted(path: folder, detail: "members of \(group) may create files in the folder of the database but may not write the database (group \(UserAccounts.describeGroup(database.st_gid)), mode \(octal(database.st_mode))), so one of them could plant a journal that this write would replay; make the database writable by the group (chmod g+w) or the folder not (chmod g-w); nothing was changed")
        }
    }

    /// Whether the user `uid` may write a file with this `stat`.
    private static func mayWrite(_ uid: uid_t, _ file: stat) -> Bool {
        if uid == 0 || uid == file.st_uid || file.st_mode & S_IWOTH != 0 { return true }
        return file.st_mode & S_IWGRP != 0 && UserAccounts.isMember(uid, ofGroup: file.st_gid)
    }

    /// The folder that holds `path`: `/` for `/x`, `.` for `x`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// "a FIFO", "a character device", … for a message.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// `mode` as `ls -l`'s numbers: `1777`, `0640`.
    static func octal(_ mode: mode_t) -> String {
        let text = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
