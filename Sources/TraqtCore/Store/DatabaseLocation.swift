/// Where the database lives: `--db PATH`, else `$TRAQT_DB`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/traqt/traqt.sqlite`.
public enum DatabaseLocation {
    public static let fileName = "traqt.sqlite"

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

    private static func join(_ parts: String...) -> String {
        var path = parts[0]
        for part in parts.dropFirst() {
            if !path.hasSuffix("/") { path += "/" }
            path += part
        }
        return path
    }
}
