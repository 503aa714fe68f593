import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong with the database file, by what the user can do
/// about it. Each case carries SQLite's own message where SQLite had one.
public enum StoreError: Error, CustomStringConvertible {
    /// The file is not a traqt database: random bytes, or another program's SQLite file.
    case notATraqtDatabase(path: String, detail: String)
    /// The file is a traqt database but damaged.
    case corrupt(path: String, SQLiteError)
    /// The database was written by a newer traqt.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// Another process held the lock for longer than the busy timeout.
    case busy(path: String, SQLiteError)
    case permissionDenied(path: String, detail: String)
    case cannotCreate(path: String, detail: String)
    case io(path: String, detail: String)
    /// `remove` named ids that are not in the store (nothing was removed).
    case unknownIDs([String])
    /// An id made from a name already belongs to an activity of another name
    /// (`C++ study` and `C# study` both make `c-study`); nothing was saved.
    case idTaken(id: String, byName: String)
    /// A row that another program wrote, which no traqt could have written and
    /// which cannot be shown (days or time out of range, milliseconds for seconds).
    case invalidRow(path: String, table: String, key: String, detail: String)
    /// Anything else SQLite reported: a bug in traqt, or a broken installation.
    case internalError(SQLiteError)

    public var description: String {
        switch self {
        case let .notATraqtDatabase(path, detail):
            return "'\(path)' is not a traqt database (\(detail)); it was left untouched"
        case let .corrupt(path, error):
            return "the database '\(path)' is damaged: \(error.message)"
        case let .schemaTooNew(path, found, supported):
            return "the database '\(path)' has schema version \(found), but this traqt knows only up to \(supported); upgrade traqt"
        case let .busy(path, error):
            return "the database '\(path)' is still locked by another process (\(error.message)); try again later"
        case let .permissionDenied(path, detail):
            return "permission denied for '\(path)': \(detail)"
        case let .cannotCreate(path, detail):
            return "cannot create the database '\(path)': \(detail)"
        case let .io(path, detail):
            return "I/O error on '\(path)': \(detail)"
        case let .unknownIDs(ids):
            let quoted = ids.map { "'\($0)'" }.joined(separator: ", ")
            return (ids.count == 1 ? "no activity with id " : "no activities with ids ") + quoted + "; nothing was removed"
        case let .idTaken(id, name):
            return "the id '\(id)' already belongs to the activity '\(name)'; nothing was saved"
        case let .invalidRow(path, table, key, detail):
            return "the database '\(path)' holds a row traqt cannot read, in \(table) '\(key)': \(detail); fix or remove it with the sqlite3 shell"
        case let .internalError(error):
            return error.description
        }
    }

    /// Sorts a SQLite failure on `path` into what the user can do about it.
    static func from(_ error: SQLiteError, path: String) -> StoreError {
        switch error.code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy(path: path, error)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return .permissionDenied(path: path, detail: error.message)
        case SQLITE_CANTOPEN:
            if error.systemErrno == EACCES || error.systemErrno == EPERM || error.systemErrno == EROFS {
                return .permissionDenied(path: path, detail: describeErrno(error.systemErrno))
            }
            let detail = error.systemErrno != 0 ? describeErrno(error.systemErrno) : error.message
            return .cannotCreate(path: path, detail: detail)
        case SQLITE_NOTADB:
            return .notATraqtDatabase(path: path, detail: error.message)
        case SQLITE_CORRUPT:
            return .corrupt(path: path, error)
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_NOLFS:
            return .io(path: path, detail: error.message)
        default:
            return .internalError(error)
        }
    }
}

/// `strerror` text for an errno value.
func describeErrno(_ number: Int32) -> String {
    String(cString: strerror(number))
}
