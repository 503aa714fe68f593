/// Why an API token could not be made or revoked. Nothing was changed when one
/// is thrown.
public enum APITokenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not 1 to 64 characters of `A-Z a-z 0-9 . _ -`.
    case invalidName(String)
    /// Not a bundle id: 1 to 255 characters of `A-Z a-z 0-9 . -`.
    case invalidTopic(String)
    case nameTaken(String)
    case unknownName(String)

    public var description: String {
        switch self {
        case let .invalidName(name):
            return "invalid token name '\(name)': expected 1 to \(APIToken.maximumNameLength) characters of A-Z, a-z, 0-9, dot, underscore or hyphen"
        case let .invalidTopic(topic):
            return "invalid topic '\(topic)': expected a bundle id, 1 to \(APIToken.maximumTopicLength) characters of A-Z, a-z, 0-9, dot or hyphen"
        case let .nameTaken(name):
            return "an API token named '\(name)' already exists"
        case let .unknownName(name):
            return "no API token named '\(name)'"
        }
    }
}

extension APITokenError: ReportableError {
    public var userMessage: String { "\(description); nothing was changed" }

    public var reason: ErrorReason {
        switch self {
        case .invalidName, .invalidTopic: return .invalidArgument
        case .nameTaken: return .idTaken
        case .unknownName: return .notFound
        }
    }
}
