#if Postgres
extension PostgresError: DatabaseEngineError {
    /// Sorts a PostgreSQL failure into what the user can do about it, by kind
    /// and SQLSTATE class (https://www.postgresql.org/docs/current/errcodes-appendix.html).
    public func storeError(location: String) -> StoreError {
        switch kind {
        case .unreachable: return .unavailable(path: location, detail: message)
        case .loginRefused: return .permissionDenied(path: location, detail: message)
        case .connectionLost: return .io(path: location, detail: "the connection was lost: \(message)")
        case .server: break
        }
        switch sqlState {
        // lock_not_available (lock_timeout), serialization_failure, deadlock_detected
        case "55P03", "40001", "40P01":
            return .busy(path: location, detail: message)
        // insufficient_privilege, and the invalid-authorization class
        case "42501":
            return .permissionDenied(path: location, detail: message)
        case _ where sqlState.hasPrefix("28"):
            return .permissionDenied(path: location, detail: message)
        // invalid_catalog_name: no such database
        case "3D000":
            return .unavailable(path: location, detail: message)
        // insufficient resources (disk full, out of memory), the server shutting
        // down, connection exceptions: the command did not complete
        case _ where sqlState.hasPrefix("53") || sqlState.hasPrefix("57") || sqlState.hasPrefix("08"):
            return .io(path: location, detail: message)
        // integrity_constraint_violation, raise_exception, undefined_table and
        // undefined_column: traqt's statements meet none on the schema it made;
        // another program added a constraint or dropped what traqt uses.
        case _ where sqlState.hasPrefix("23"), "P0001", "42P01", "42703":
            return .schemaChanged(path: location, detail: message)
        // data_corrupted, index_corrupted
        case "XX001", "XX002":
            return .corrupt(path: location, detail: message)
        default:
            return .internalError(detail: description)
        }
    }
}
#endif
