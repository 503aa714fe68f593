/// Where the database lives: `--db PATH`, else `$TRAQT_DB`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/traqt/traqt.sqlite`.
public enum DatabaseLocation {
    public static let fileName = "traqt.sqlite"

    /// Whether `location` names a PostgreSQL database (a libpq connection URI,
    /// `postgresql://…` or `postgres://…`) rather than a SQLite file.
    public static func isPostgres(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// The path to use, or nil when nothing names one (no `--db`, no
    /// `TRAQT_DB`, no usable `XDG_DATA_HOME`, no `HOME`). An empty `--db` or
    /// `TRAQT_DB` is an error rather than "not given": a script's `--db "$UNSET"`
    /// must not quietly write to the default database.
    public static func resolve(option: String?, environment: [String: String]) throws(InvalidValue) -> String? {
        try resolve(option: option) { environment[$0] }
    }

    /// The same, reading each variable through `variable` (e.g. `getenv`).
    public static func resolve(option: String?, variable: (String) -> String?) throws(InvalidValue) -> String? {
        if let option {
            guard !option.isEmpty else { throw InvalidValue("--db is empty; give the database's path") }
            return option
        }
        if let path = variable("TRAQT_DB") {
            guard !path.isEmpty else { throw InvalidValue("TRAQT_DB is set but empty; unset it or give the database's path") }
            return path
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and to be ignored.
        if let dataHome = variable("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            return join(dataHome, "traqt", fileName)
        }
        if let home = variable("HOME"), !home.isEmpty {
            return join(home, ".local/share/traqt", fileName)
        }
        return nil
    }

    /// `location` fit for a message: a URI's password (`user:secret@`, or
    /// `password=` in its query) is replaced with `***`.
    public static func redacted(_ location: String) -> String {
        guard isPostgres(location) else { return location }
        var characters = Array(location)
        func find(_ needle: String, from start: Int) -> Int? {
            let needle = Array(needle)
            guard characters.count >= needle.count else { return nil }
            for index in start...(characters.count - needle.count) where Array(characters[index..<index + needle.count]) == needle {
                return index
            }
            return nil
        }
        // postgresql://user:secret@host/…: the authority ends at the first '/' after the scheme.
        if let scheme = find("://", from: 0) {
            let authorityStart = scheme + 3
            let authorityEnd = characters[authorityStart...].firstIndex(of: "/") ?? characters.count
            if let at = characters[authorityStart..<authorityEnd].lastIndex(of: "@"),
               let colon = characters[authorityStart..<at].firstIndex(of: ":") {
                characters.replaceSubrange((colon + 1)..<at, with: Array("***"))
            }
        }
        var searchFrom = 0
        while let password = find("password=", from: searchFrom) {
            let start = password + 9
            let end = characters[start...].firstIndex(of: "&") ?? characters.count
            characters.replaceSubrange(start..<end, with: Array("***"))
            searchFrom = start + 3
            if searchFrom + 9 > characters.count { break }
        }
        return String(characters)
    }

    private static func join(_ parts: String...) -> String {
        var path = parts[0]
        for part in parts.dropFirst() {
            if !path.hasSuffix("/") { path += "/" }
            path += part
        }
        return path
    }
}
