import TraqtCore

/// Failures of the command layer itself: files named on the command line.
enum CommandError: Error, CustomStringConvertible {
    case inputMissing(path: String)
    case inputUnreadable(path: String, reason: String, permission: Bool)
    /// More input than traqt reads (`ImportCommand.inputLimit`).
    case inputTooLarge(path: String, limit: Int)
    case outputFailed(path: String, reason: String, permission: Bool)
    /// `export FILE` would write where it must not: through another user's link,
    /// into another user's FIFO, onto the database.
    case outputRefused(path: String, reason: String)
    /// No `--db`, no `TRAQT_DB`, no `XDG_DATA_HOME` and no `HOME`.
    case noDatabaseLocation
    case invalidEnvironment(name: String, value: String, expected: String)
    case invalidRecord(InvalidRecord, path: String)
    case invalidJSON(JSONSyntaxError, path: String)
    /// `add` without `--id`: the id made from the name belongs to another activity.
    case idTaken(id: String, existingName: String, name: String)
    /// `due --exec`: the command failed for these reminders (id and how it
    /// ended), of those it ran; and could not be started at all for others
    /// (id and why), which stay claimed.
    case commandsFailed([(id: String, outcome: String)], of: Int, unstarted: [(id: String, reason: String)])

    var description: String {
        switch self {
        case let .inputMissing(path):
            return "cannot read '\(path)': no such file"
        case let .inputUnreadable(path, reason, _):
            return "cannot read '\(path)': \(reason)"
        case let .inputTooLarge(path, limit):
            return "'\(path == "-" ? "standard input" : path)' holds more than \(limit >> 20) MiB, more than traqt reads at once; nothing was imported"
        case let .outputFailed(path, reason, _):
            return "cannot write '\(path)': \(reason)"
        case let .outputRefused(path, reason):
            return "refusing to write '\(path)': \(reason); nothing was written"
        case .noDatabaseLocation:
            return "no database location: pass --db PATH, or set TRAQT_DB or HOME"
        case let .invalidEnvironment(name, value, expected):
            return "\(name)='\(value)' is invalid; expected \(expected)"
        case let .invalidRecord(record, path):
            return "\(path): \(record); nothing was imported"
        case let .invalidJSON(error, path):
            return "\(path): \(error); nothing was imported"
        case let .idTaken(id, existing, name):
            let suggestion = Activity.derivedID(fromName: name) + "-2"
            return "the id '\(TextColumns.printable(id))' made from '\(TextColumns.printable(name))' already belongs to the activity '\(TextColumns.printable(existing))'; nothing was saved. Give this one its own id, e.g. --id \(TextColumns.printable(suggestion)), or update that one with --id \(TextColumns.printable(id))"
        case let .commandsFailed(failures, total, unstarted):
            var parts: [String] = []
            if !failures.isEmpty {
                let list = failures.map { "'\(TextColumns.printable($0.id))' \($0.outcome)" }.joined(separator: ", ")
                parts.append("the --exec command failed for \(failures.count) of \(total) fired \(total == 1 ? "reminder" : "reminders"): \(list); recorded as failed, not run again")
            }
            if !unstarted.isEmpty {
                let list = unstarted.map { "'\(TextColumns.printable($0.id))' (\($0.reason))" }.joined(separator: ", ")
                parts.append("the --exec command could not be started for \(list); left claimed, for the next due run")
            }
            return parts.joined(separator: "; ")
        }
    }
}

extension CommandError: ReportableError {
    var userMessage: String { description }

    var reason: ErrorReason {
        switch self {
        case .inputMissing: return .inputMissing
        case let .inputUnreadable(_, _, permission), let .outputFailed(_, _, permission):
            return permission ? .permissionDenied : .ioError
        case .noDatabaseLocation, .invalidEnvironment: return .configuration
        case let .invalidRecord(record, _): return record.reason
        case let .invalidJSON(error, _): return error.reason
        case .idTaken: return .idTaken
        case .inputTooLarge: return .tooLarge
        case .commandsFailed: return .commandFailed
        case .outputRefused: return .outputRefused
        }
    }
}
