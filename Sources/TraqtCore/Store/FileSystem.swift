#if canImport(Glibc)
import Glibc
#endif

/// The few file-system calls the store needs, on glibc directly.
enum FileSystem {
    /// Whether the file at `path` (symbolic links followed) exists. Only "no
    /// such file" means missing: a folder on the way that may not be searched,
    /// a loop of links or any other failure is an error, never "empty" (a
    /// reader that took it for empty would let `export` overwrite a good backup
    /// with `[]`).
    /// For a writer about to create the file, a file where a folder should be
    /// is a file it cannot create (73).
    static func exists(_ path: String, forCreating: Bool = false) throws(StoreError) -> Bool {
        try status(path, forCreating: forCreating) != nil
    }

    /// What `stat` says of the file at `path` (links followed), nil when it is
    /// missing; fails as `exists` does.
    static func status(_ path: String, forCreating: Bool = false) throws(StoreError) -> stat? {
        var info = stat()
        if stat(path, &info) == 0 { return info }
        let code = errno
        if code == ENOENT { return nil }
        if code == EACCES || code == EPERM {
            throw .permissionDenied(path: path, detail: describeErrno(code))
        }
        if code == ENOTDIR && forCreating {
            throw .cannotCreate(path: path, detail: describeErrno(code))
        }
        throw .io(path: path, detail: "cannot reach the file: \(describeErrno(code))")
    }

    /// Whether `path` itself is a symbolic link (dangling or not).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The size in bytes of the file at `path`, nil when it cannot be read.
    static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Creates an empty database file readable and writable by its owner only
    /// (0600, whatever the umask: activity names are personal data; SQLite gives
    /// its journal the same mode). Returns false when another process created
    /// it first. Never follows a symbolic link.
    static func createPrivateFile(_ path: String) throws(StoreError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { return false }
            if code == EACCES || code == EPERM || code == EROFS {
                throw .permissionDenied(path: path, detail: describeErrno(code))
            }
            throw .cannotCreate(path: path, detail: describeErrno(code))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return true
    }

    /// `mkdir -p` of the folder that holds `path`, with mode 0700 as the XDG
    /// base-directory spec asks for.
    static func createParentDirectories(of path: String) throws(StoreError) {
        var components = path.pathComponents(omittingEmpty: false).dropLast()
        guard !components.isEmpty else { return }
        var current = path.startsWithBytes("/") ? "" : "."
        if path.startsWithBytes("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o700) == 0 {
                // Exactly 0700, whatever the umask.
                chmod(current, 0o700)
            } else if errno != EEXIST {
                let code = errno
                let detail = "cannot create folder '\(current)': \(describeErrno(code))"
                if code == EACCES || code == EPERM || code == EROFS {
                    throw .permissionDenied(path: path, detail: detail)
                }
                throw .cannotCreate(path: path, detail: detail)
            }
        }
    }
}
