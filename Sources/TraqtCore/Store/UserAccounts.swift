#if canImport(Glibc)
import Glibc
#endif

/// Who a file's owner is, through the system's user and group databases (NSS:
/// /etc/passwd and /etc/group, or LDAP and the like where configured).
public enum UserAccounts {
    /// `name (uid N)`, or `uid N` for a user the system does not know.
    public static func describeUser(_ uid: uid_t) -> String {
        guard let entry = passwordEntry(uid) else { return "uid \(uid)" }
        return "\(entry.name) (uid \(uid))"
    }

    /// The group's name, or `gid N`.
    public static func describeGroup(_ gid: gid_t) -> String {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        guard getgrgid_r(gid, &group, &buffer, buffer.count, &result) == 0, result != nil, let name = group.gr_name else {
            return "gid \(gid)"
        }
        return String(cString: name)
    }

    /// Whether the user `uid` is in the group `gid`, as their primary group or
    /// a supplementary one. An unknown user is in no group.
    public static func isMember(_ uid: uid_t, ofGroup gid: gid_t) -> Bool {
        guard let entry = passwordEntry(uid) else { return false }
        if entry.primaryGroup == gid { return true }
        var count: Int32 = 64
        while true {
            var groups = [gid_t](repeating: 0, count: Int(count))
            let requested = count
            if getgrouplist(entry.name, entry.primaryGroup, &groups, &count) >= 0 {
                return groups.prefix(Int(count)).contains(gid)
            }
            // Too small: getgrouplist said how many there are.
            guard count > requested else { return false }
        }
    }

    private static func passwordEntry(_ uid: uid_t) -> (name: String, primaryGroup: gid_t)? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
            return nil
        }
        return (String(cString: name), entry.pw_gid)
    }
}
