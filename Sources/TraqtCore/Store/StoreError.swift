#if canImport(Glibc)
import Glibc
#endif

/// Everything that can go wrong with the database, by what the user can do
/// about it, whatever the engine. Each case carries the engine's own message
/// where it had one (each engine's folder sorts its errors into these).
public enum StoreError: Error, CustomStringConvertible {
    /// The file is not a traqt database: random bytes, or another program's SQLite file.
    case notATraqtDatabase(path: String, detail: String)
    /// The file is a traqt database but damaged.
    case corrupt(path: String, detail: String)
    /// The database was written by a newer traqt.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// Another process held the lock for longer than the busy timeout.
    case busy(path: String, detail: String)
    /// The database server cannot be reached (refused, unknown host, no such
    /// database), or this traqt was built without the engine the location names.
    case unavailable(path: String, detail: String)
    case permissionDenied(path: String, detail: String)
    /// A file or folder that someone other than the database's writers could
    /// have put there or changed (a planted journal, a folder others may
    /// write): nothing is opened through it.
    case untrusted(path: String, detail: String)
    /// The database path names something other than a regular file (a device,
    /// a FIFO, a folder).
    case notAFile(path: String, kind: String)
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
    /// A write found a trigger (or rule) on one of traqt's tables, which traqt
    /// never creates; nothing was written.
    case foreignTrigger(path: String, trigger: TableTrigger)
    /// The database refused a statement of traqt's for a reason traqt's own
    /// schema never gives (a constraint, an index or a table that another
    /// program added, dropped or changed); nothing was written.
    case schemaChanged(path: String, detail: String)
    /// Anything else the engine reported: a bug in traqt, or a broken installation.
    case internalError(detail: String)

    public var description: String {
        switch self {
        case let .notATraqtDatabase(path, detail):
            return "'\(path)' is not a traqt database (\(detail)); it was left untouched"
        case let .corrupt(path, detail):
            return "the database '\(path)' is damaged: \(detail)"
        case let .schemaTooNew(path, found, supported):
            return "the database '\(path)' has schema version \(found), but this traqt knows only up to \(supported); upgrade traqt"
        case let .busy(path, detail):
            return "the database '\(path)' is still locked by another process (\(detail)); try again later"
        case let .unavailable(path, detail):
            return "cannot reach the database '\(path)': \(detail)"
        case let .permissionDenied(path, detail):
            return "permission denied for '\(path)': \(detail)"
        case let .untrusted(path, detail):
            return "refusing '\(path)': \(detail)"
        case let .notAFile(path, kind):
            return "'\(path)' is \(kind), not a database file; nothing was read or written"
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
        case let .foreignTrigger(path, trigger):
            return "the database '\(path)' has a \(trigger.kind) '\(trigger.name)' on the table '\(trigger.table)' that traqt did not create: it could change what traqt writes, so traqt writes nothing there (nothing was written); remove it with DROP \(trigger.kind.uppercased()) if it is not meant to be"
        case let .schemaChanged(path, detail):
            return "the database '\(path)' refused what traqt asked (\(detail)): another program changed its schema (a constraint, an index or a table traqt did not make); nothing was written"
        case let .internalError(detail):
            return detail
        }
    }
}

extension StoreError: ReportableError {
    public var userMessage: String { description }

    public var reason: ErrorReason {
        switch self {
        case .notATraqtDatabase: return .notADatabase
        case .corrupt: return .corrupt
        case .schemaTooNew: return .schemaTooNew
        case .busy: return .busy
        case .unavailable: return .unavailable
        case .permissionDenied: return .permissionDenied
        case .untrusted: return .untrusted
        case .notAFile: return .notAFile
        case .cannotCreate: return .cannotCreate
        case .io: return .ioError
        case .unknownIDs: return .notFound
        case .idTaken: return .idTaken
        case .invalidRow: return .invalidRow
        case .foreignTrigger: return .foreignTrigger
        case .schemaChanged: return .schemaChanged
        case .internalError: return .internalError
        }
    }
}

/// `strerror` text for an errno value.
func describeErrno(_ number: Int32) -> String {
    String(cString: strerror(number))
}
