/// Why a push document was refused; nothing of it was applied.
public enum PushError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A notification (0-based across the document) that cannot be applied;
    /// `field` is its path within the notification; `reason` says why as a
    /// program reads it (a refusal of the rules keeps the rule's: an unknown
    /// push token is `bad-device-token`).
    case invalid(index: Int, field: String?, message: String, reason: ErrorReason = .invalid)
    /// `TRAQT_PUSH_TOKEN` is set and the document is not all envelopes with that `auth`.
    case unauthorized
    /// The document (or line) is longer than `PushDocument.byteLimit`.
    case tooLarge

    public var description: String {
        switch self {
        case let .invalid(index, field?, message, _): return "notification \(index), field '\(field)': \(message)"
        case let .invalid(index, nil, message, _): return "notification \(index): \(message)"
        case .unauthorized:
            return "not authorized: TRAQT_PUSH_TOKEN is set, and only envelopes ({\"request\": {\"auth\": …}}) with that auth are applied, or any document with TRAQT_PUSH_AUTHORIZATION='bearer TOKEN'"
        case .tooLarge:
            return "the document is longer than \(PushDocument.byteLimit) bytes, the most push reads"
        }
    }
}

extension PushError: ReportableError {
    public var userMessage: String { "\(description); nothing was applied" }

    public var reason: ErrorReason {
        switch self {
        case let .invalid(_, _, _, reason): return reason
        case .unauthorized: return .unauthorized
        case .tooLarge: return .tooLarge
        }
    }
}
