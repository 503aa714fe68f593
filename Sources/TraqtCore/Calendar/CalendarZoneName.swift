#if canImport(Glibc)
import Glibc
#endif

/// The name under which a calendar file gives the local zone (its `TZID`):
/// the zone glibc uses, by its tz database name where it has one, so that a
/// calendar with its own database applies the same rules as traqt, beyond the
/// years the file's `VTIMEZONE` spells out.
public enum CalendarZoneName {
    /// The `TZID` for a zone that has no name (a copy of a zone file at
    /// /etc/localtime and no /etc/timezone): no tz database has it, so every
    /// calendar goes by the file's `VTIMEZONE`.
    public static let unnamed = "Local"

    /// The zone's name, found as glibc finds the zone:
    /// - `TZ` set: its value without a leading `:`. A name of the tz database
    ///   (`Europe/Berlin`) or a path into it (`/usr/share/zoneinfo/Europe/Berlin`)
    ///   gives that name; a value that names no file there (a POSIX rule such as
    ///   `CET-1CEST,M3.5.0,M10.5.0/3`, or a name this system lacks) is the name
    ///   as it is: no calendar knows it, so each one follows the `VTIMEZONE`,
    ///   which holds what glibc made of it. An empty `TZ` is UTC, as for glibc.
    /// - `TZ` unset: the system zone, named by the target of the /etc/localtime
    ///   link (`…/zoneinfo/America/New_York`), else by /etc/timezone; no
    ///   /etc/localtime at all is UTC.
    /// `zoneinfo` is where glibc looks names up (`TZDIR`, else /usr/share/zoneinfo).
    public static func resolve(tz: String?, zoneinfo: String = "/usr/share/zoneinfo",
                               localtime: String = "/etc/localtime",
                               timezoneFile: String = "/etc/timezone") -> String {
        let name = tz.map { fromVariable($0, zoneinfo: zoneinfo) }
            ?? fromSystem(localtime: localtime, timezoneFile: timezoneFile)
        return ContentLine.isParameterSafe(name) ? name : unnamed
    }

    private static func fromVariable(_ value: String, zoneinfo: String) -> String {
        let rule = value.startsWithBytes(":") ? value.droppingBytes(1) : value
        if rule.isEmpty { return "UTC" }
        if rule.startsWithBytes("/") { return name(inPath: rule, zoneinfo: zoneinfo) ?? unnamed }
        // glibc reads a file of that name first and a POSIX rule only if there is none.
        var info = stat()
        let folder = zoneinfo.endsWithBytes("/") ? zoneinfo : zoneinfo + "/"
        if stat(folder + rule, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { return withoutPosixPrefix(rule) }
        return rule
    }

    private static func fromSystem(localtime: String, timezoneFile: String) -> String {
        var info = stat()
        guard lstat(localtime, &info) == 0 else { return "UTC" }
        if (info.st_mode & S_IFMT) == S_IFLNK, let target = linkTarget(localtime),
           let name = name(inPath: target, zoneinfo: nil) {
            return name
        }
        if let bytes = firstBytes(of: timezoneFile),
           let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first {
            let name = String(line).trimmingWhitespace()
            if !name.isEmpty { return name }
        }
        return unnamed
    }

    /// `Europe/Berlin` for `/usr/share/zoneinfo/Europe/Berlin`, or for any path
    /// below `zoneinfo` or a folder called `zoneinfo`.
    private static func name(inPath path: String, zoneinfo: String?) -> String? {
        if let zoneinfo {
            let folder = zoneinfo.endsWithBytes("/") ? zoneinfo : zoneinfo + "/"
            if path.startsWithBytes(folder) && path.utf8.count > folder.utf8.count { return withoutPosixPrefix(path.droppingBytes(folder.utf8.count)) }
        }
        let parts = path.pathComponents()
        guard let folder = parts.firstIndex(of: "zoneinfo"), folder + 1 < parts.count else { return nil }
        return withoutPosixPrefix(parts[(folder + 1)...].joined(separator: "/"))
    }

    /// Debian's `posix/Europe/Berlin` is the zone `Europe/Berlin`.
    private static func withoutPosixPrefix(_ name: String) -> String {
        name.startsWithBytes("posix/") ? name.droppingBytes(6) : name
    }

    private static func linkTarget(_ path: String) -> String? {
        var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = bytes.withUnsafeMutableBytes { readlink(path, $0.baseAddress!, $0.count) }
        guard count > 0 && count < bytes.count else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    /// The first 256 bytes of a small file such as /etc/timezone.
    private static func firstBytes(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        return count > 0 ? Array(bytes[..<count]) : nil
    }
}
