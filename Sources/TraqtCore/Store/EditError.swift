/// Why `edit` changed nothing (exit 65).
public enum EditError: Error, CustomStringConvertible, Equatable {
    case unknownID(String)
    /// The new id belongs to another activity.
    case idTaken(id: String, byName: String)

    public var description: String {
        switch self {
        case let .unknownID(id):
            return "no activity with id '\(id)'; nothing was changed"
        case let .idTaken(id, name):
            return "the id '\(id)' already belongs to the activity '\(name)'; nothing was changed"
        }
    }
}

extension EditError: ReportableError {
    public var userMessage: String { description }

    public var reason: ErrorReason {
        switch self {
        case .unknownID: return .notFound
        case .idTaken: return .idTaken
        }
    }
}
