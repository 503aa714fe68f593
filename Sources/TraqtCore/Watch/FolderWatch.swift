#if canImport(Glibc)
import Glibc
#endif

/// Wakes a watcher when the database may have changed, through inotify on the
/// folder that holds it: a commit deletes the rollback journal (SQLite's
/// DELETE mode, traqt's), a writer closes the file, a file is created, removed
/// or renamed over it. Events on other files of the folder are ignored. While
/// the folder does not exist yet, the nearest existing parent is watched and
/// the watch moves down as folders appear. Where inotify is not available
/// `descriptor` is -1 and the watcher looks ten times a second instead.
/// SQLite's `ChangeSource`.
public final class FolderWatch: ChangeSource {
    /// Readable when events are waiting; -1 without inotify.
    public let descriptor: Int32
    private let path: String
    private var watch: Int32 = -1
    /// The names in the watched folder that concern the database; empty while a
    /// parent is watched (then every event may bring the folder closer).
    private var names: [[UInt8]] = []

    /// What happens to a folder's entries that can change the database.
    private static let folderEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE)
    /// The folder itself going away.
    private static let selfEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches the folder of the SQLite file at `databasePath`.
    public init(databasePath: String) {
        path = databasePath
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0 { arm() }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Reads every waiting event: `.possible` when one may concern the
    /// database (a read closes the file too, so only its change counter says).
    /// After a folder appeared or went away, the watch is moved first.
    public func drain() -> ChangeHint {
        guard descriptor >= 0 else { return .nothing }
        var relevant = false, rearm = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len, then len bytes of NUL-padded name.
            while offset + 16 <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 || mask & (Self.selfEvents | UInt32(IN_IGNORED)) != 0 {
                    relevant = true
                    rearm = true
                } else if names.isEmpty {
                    // A parent: a folder on the way may have appeared.
                    relevant = true
                    rearm = true
                } else if names.contains(where: { $0.elementsEqual(nameBytes) }) {
                    relevant = true
                    // The database itself created, removed or renamed: it may now live elsewhere (a link).
                    if mask & UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) != 0,
                       nameBytes.elementsEqual(names[0]) { rearm = true }
                }
            }
        }
        if rearm { arm() }
        return relevant ? .possible : .nothing
    }

    /// Once a second while the folder is watched; ten times a second without.
    public var lookInterval: Int { isWatching ? 1000 : 100 }

    /// A folder that could not be watched is tried again.
    public func look() {
        if !isWatching { arm() }
    }

    /// Whether a folder is watched: false without inotify, or when the folder
    /// could not be watched (it went away at that moment, or may not be read).
    public var isWatching: Bool { watch >= 0 }

    /// Points the watch at the folder of the database (of the file a link names,
    /// where SQLite keeps the journal), or at its nearest existing parent.
    public func arm() {
        guard descriptor >= 0 else { return }
        var folder: String, names: [[UInt8]]
        if let resolved = realpath(path, nil) {
            let file = String(cString: resolved)
            free(resolved)
            folder = Self.parent(of: file)
            names = Self.watchedNames(of: file)
        } else {
            folder = Self.parent(of: path)
            names = Self.watchedNames(of: path)
            while !Self.isFolder(folder) && folder != "/" && folder != "." {
                folder = Self.parent(of: folder)
                names = []
            }
        }
        let mask = (names.isEmpty ? UInt32(IN_CREATE | IN_MOVED_TO) : Self.folderEvents) | Self.selfEvents | UInt32(IN_ONLYDIR)
        let added = inotify_add_watch(descriptor, folder, mask)
        if watch >= 0 && added != watch { inotify_rm_watch(descriptor, watch) }
        watch = added
        self.names = names
    }

    /// The file itself, its rollback journal and its WAL.
    private static func watchedNames(of file: String) -> [[UInt8]] {
        let base = Array(file.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [])
        return [base, base + Array("-journal".utf8), base + Array("-wal".utf8)]
    }

    /// `/a/b` for `/a/b/c`, `/` for `/a`, `.` for a bare name.
    static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
