import CSQLite
#if canImport(Glibc)
import Glibc
#endif

extension SQLiteError: DatabaseEngineError {
    /// Sorts a SQLite failure on the file at `location` into what the user can do about it.
    public func storeError(location path: String) -> StoreError {
        switch extendedCode {
        case SQLITE_READONLY_ROLLBACK_CODE:
            // A write crashed after this reader checked the files: the next
            // command checks its journal and rolls it back.
            return .busy(path: path, detail: "a write that crashed left a journal just now")
        case SQLITE_CANTOPEN_SYMLINK_CODE:
            return .untrusted(path: path, detail: "it became a symbolic link while traqt opened it; nothing was read or changed")
        default:
            break
        }
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy(path: path, detail: message)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return .permissionDenied(path: path, detail: message)
        case SQLITE_CANTOPEN:
            if systemErrno == EACCES || systemErrno == EPERM || systemErrno == EROFS {
                return .permissionDenied(path: path, detail: describeErrno(systemErrno))
            }
            let detail = systemErrno != 0 ? describeErrno(systemErrno) : message
            return .cannotCreate(path: path, detail: detail)
        case SQLITE_NOTADB:
            return .notATraqtDatabase(path: path, detail: message)
        case SQLITE_CORRUPT:
            return .corrupt(path: path, detail: message)
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_NOLFS:
            return .io(path: path, detail: message)
        // traqt's statements meet none of these on the schema it made: a
        // constraint or an index another program added (a UNIQUE one, an
        // expression that fails), a table it dropped or replaced by a view,
        // a column of another type, a row past SQLite's limits.
        case SQLITE_CONSTRAINT, SQLITE_ERROR, SQLITE_MISMATCH, SQLITE_TOOBIG:
            return .schemaChanged(path: path, detail: message)
        default:
            return .internalError(detail: description)
        }
    }
}
