/// Where the database lives, parsed once from `--db PATH`, else `$TRAQT_DB`,
/// else `${XDG_DATA_HOME:-$HOME/.local/share}/traqt/traqt.sqlite`: a SQLite
/// file, or a PostgreSQL database named by a libpq URI. Everything past the
/// command line takes this value, never the text: it alone knows how it is
/// shown in a message (without a password) and how its engine is opened.
public enum DatabaseLocation: Equatable, Sendable {
    /// A SQLite file, by the path the user gave.
    case sqlite(String)
    /// A PostgreSQL database.
    case postgres(PostgresURI)

    /// A libpq URI, with what a message may show kept apart from what
    /// connects (which holds the password, when the URI has one). Printed,
    /// interpolated or dumped, it shows only the former.
    public struct PostgresURI: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The URI without its password, for messages.
        public let shown: String
        /// The URI as libpq reads it (the scheme in lower case), password and all.
        let connecting: String

        init(_ text: String) {
            shown = DatabaseLocation.redacted(text)
            connecting = DatabaseLocation.normalizedURI(text)
        }

        public var description: String { shown }
        public var debugDescription: String { shown }
        public var customMirror: Mirror { Mirror(self, children: ["shown": shown]) }
    }

    /// The location `text` names; throws what `engine(of:)` refuses.
    public init(_ text: String) throws(InvalidValue) {
        switch try Self.engine(of: text) {
        case .sqlite: self = .sqlite(text)
        case .postgres: self = .postgres(PostgresURI(text))
        }
    }

    /// The location as a message names it: the path, or the URI without its password.
    public var shown: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let uri): uri.shown
        }
    }

    /// The engine this location names.
    public var engine: Engine {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    public static let fileName = "traqt.sqlite"

    /// The engines a location can name.
    public enum Engine: Equatable, Sendable {
        case sqlite
        case postgres
    }

    /// Which engine `location` names. A path is a SQLite file; a libpq URI
    /// (`postgresql://…` or `postgres://…`, the scheme in any case) is
    /// PostgreSQL. What looks like something else is refused rather than taken
    /// for a file name (which would create folders named after a password):
    /// any other `SCHEME://`, a `file:` URI (SQLite's URI parameters such as
    /// `mode=memory` or `immutable=1` would change what a write means), a
    /// `postgres:` without `//`, and a libpq `key=value` connection string. A
    /// file that really has such a name is given as `./NAME`. The message
    /// never repeats a password.
    public static func engine(of location: String) throws(InvalidValue) -> Engine {
        if location.startsWithBytes("/") || location.startsWithBytes("./") || location.startsWithBytes("../") { return .sqlite }
        if let scheme = scheme(of: location) {
            let rest = location.utf8.dropFirst(scheme.utf8.count + 1)
            let hasAuthority = rest.starts(with: "//".utf8)
            switch scheme.lowercased() {
            case "postgresql", "postgres":
                guard hasAuthority else {
                    throw InvalidValue("'\(scheme):' without '//' is not a PostgreSQL URI; write postgresql://[user@]host[:port]/dbname (a file of that name: ./\(scheme):…)")
                }
                return .postgres
            case "file":
                throw InvalidValue("file: URIs are not taken (their parameters would change what is read and written); give the path itself, e.g. --db /path/to/traqt.sqlite (a file of that name: ./file:…)")
            default:
                if hasAuthority {
                    throw InvalidValue("'\(scheme)://' is not a database traqt can use; give a file's path or a postgresql:// URI")
                }
            }
        }
        if location.containsBytes("://") {
            throw InvalidValue("the database location has '://' but no scheme traqt knows; give a file's path or a postgresql:// URI (a file of that name: ./NAME)")
        }
        if looksLikeConnectionString(location) {
            throw InvalidValue("the database location looks like a libpq connection string (key=value); traqt takes PostgreSQL as a URI, postgresql://[user@]host[:port]/dbname (a file of that name: ./NAME)")
        }
        return .sqlite
    }

    /// A PostgreSQL URI as libpq reads it: the scheme in lower case
    /// (`POSTGRES://h/db` is `postgres://h/db`; libpq compares it exactly).
    public static func normalizedURI(_ location: String) -> String {
        guard let scheme = scheme(of: location) else { return location }
        return scheme.lowercased() + location.droppingBytes(scheme.utf8.count)
    }

    /// The location to use, or nil when nothing names one (no `--db`, no
    /// `TRAQT_DB`, no usable `XDG_DATA_HOME`, no `HOME`). An empty `--db` or
    /// `TRAQT_DB` is an error rather than "not given": a script's `--db "$UNSET"`
    /// must not quietly write to the default database. So is a location
    /// `engine(of:)` refuses.
    public static func resolve(option: String?, environment: [String: String]) throws(InvalidValue) -> DatabaseLocation? {
        try resolve(option: option) { environment[$0] }
    }

    /// The same, reading each variable through `variable` (e.g. `getenv`).
    public static func resolve(option: String?, variable: (String) -> String?) throws(InvalidValue) -> DatabaseLocation? {
        if let option {
            guard !option.isEmpty else { throw InvalidValue("--db is empty; give the database's path") }
            return try DatabaseLocation(option)
        }
        if let path = variable("TRAQT_DB") {
            guard !path.isEmpty else { throw InvalidValue("TRAQT_DB is set but empty; unset it or give the database's path") }
            do {
                return try DatabaseLocation(path)
            } catch {
                throw InvalidValue("TRAQT_DB: \(error.message)")
            }
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and to be ignored.
        if let dataHome = variable("XDG_DATA_HOME"), dataHome.startsWithBytes("/") {
            return .sqlite(join(dataHome, "traqt", fileName))
        }
        if let home = variable("HOME"), !home.isEmpty {
            return .sqlite(join(home, ".local/share/traqt", fileName))
        }
        return nil
    }

    /// `location` fit for a message: a URI's password (`user:secret@`, or
    /// `password=` in its query, in any case) is replaced with `***`. Where the
    /// user part cannot be told from the host (a `/` or `@` in the password),
    /// more is hidden rather than less.
    public static func redacted(_ location: String) -> String {
        guard let scheme = scheme(of: location) else { return location }
        var bytes = Array(location.utf8)
        let authorityStart = scheme.utf8.count + 3
        guard bytes.count >= authorityStart, bytes[(authorityStart - 3)..<authorityStart].elementsEqual("://".utf8) else {
            return location
        }
        // Password parameters first, so that redacting again changes nothing.
        let key = Array("password=".utf8)
        var index = authorityStart
        while index + key.count <= bytes.count {
            let matches = (0..<key.count).allSatisfy { asciiLowercased(bytes[index + $0]) == key[$0] }
            let startsParameter = index == 0 || [UInt8(ascii: "?"), UInt8(ascii: "&")].contains(bytes[index - 1])
            guard matches && startsParameter else {
                index += 1
                continue
            }
            let valueStart = index + key.count
            let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            bytes.replaceSubrange(valueStart..<valueEnd, with: Array("***".utf8))
            index = valueStart + 3
        }
        let query = bytes[authorityStart...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        // Then the user part, which the last '@' before the query ends,
        // whatever comes between (a password parameter no longer holds a ':'
        // or an '@' that would move it).
        if let at = bytes[authorityStart..<query].lastIndex(of: UInt8(ascii: "@")),
           let colon = bytes[authorityStart..<at].firstIndex(of: UInt8(ascii: ":")) {
            bytes.replaceSubrange((colon + 1)..<at, with: Array("***".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The URI scheme `location` starts with (RFC 3986: a letter, then letters,
    /// digits, `+`, `-` or `.`, then `:`), or nil.
    private static func scheme(of location: String) -> String? {
        let bytes = location.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return nil }
        let candidate = bytes[..<colon]
        guard let first = candidate.first, isASCIILetter(first),
              candidate.allSatisfy({ isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return String(decoding: candidate, as: UTF8.self)
    }

    /// Whether `location` starts like libpq's `keyword=value` form
    /// (`host=db user=me`): a word of letters, digits and `_`, then `=`.
    private static func looksLikeConnectionString(_ location: String) -> Bool {
        let bytes = location.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return false }
        let keyword = bytes[..<equals].reversed().drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = keyword.last, isASCIILetter(first) || first == 0x5F else { return false }
        return keyword.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
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
