#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// A SQLite database's files, the database and its `-journal`, `-wal` and
/// `-shm`: what `export` must never write over, which would replace the
/// database with JSON (or leave a journal SQLite would try to replay).
struct DatabaseFiles {
    private static let companions = ["", "-journal", "-wal", "-shm"]

    /// The files there are now, with the name each is shown by.
    private var existing: [(device: dev_t, inode: ino_t, shown: String)] = []
    /// The folder the database lives in (after its symlinks, as SQLite opens it)
    /// and the names of its files there, existing or not.
    private var folder: (device: dev_t, inode: ino_t)?
    private var names: [(name: String, shown: String)] = []

    /// Nil for a PostgreSQL location: it has no file.
    init?(location: DatabaseLocation) {
        guard case .sqlite(let location) = location else { return nil }
        for suffix in Self.companions {
            var info = stat()
            if stat(location + suffix, &info) == 0 { existing.append((info.st_dev, info.st_ino, location + suffix)) }
        }
        // SQLite names the journal after the file the database's symlinks lead to.
        var real = location
        if let resolved = realpath(location, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        let slash = real.lastIndex(of: "/")
        let folderPath = slash.map { $0 == real.startIndex ? "/" : String(real[..<$0]) } ?? "."
        let base = slash.map { String(real[real.index(after: $0)...]) } ?? real
        var info = stat()
        if stat(folderPath, &info) == 0 { folder = (info.st_dev, info.st_ino) }
        names = Self.companions.map { (base + $0, location + $0) }
    }

    /// Which of the database's files `info` is (as shown), if any.
    func file(matching info: stat) -> String? {
        existing.first { $0.device == info.st_dev && $0.inode == info.st_ino }?.shown
    }

    /// Which of the database's files `name` in the folder `folderInfo` would be, if any.
    func file(named name: String, in folderInfo: stat) -> String? {
        guard let folder, folder.device == folderInfo.st_dev, folder.inode == folderInfo.st_ino else { return nil }
        return names.first { $0.name == name }?.shown
    }
}
