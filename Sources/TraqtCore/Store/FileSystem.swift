#if canImport(Glibc)
import Glibc
#endif

/// The few file-system calls the store needs, on glibc directly.
enum FileSystem {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// `mkdir -p` of the folder that holds `path`, with mode 0700 as the XDG
    /// base-directory spec asks for.
    static func createParentDirectories(of path: String) throws(StoreError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !components.isEmpty else { return }
        var current = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
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
