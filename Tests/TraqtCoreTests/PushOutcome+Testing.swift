@testable import TraqtCore

/// What tests compare of a push outcome: what it did, or what refused it.
extension PushOutcome {
    /// What applying it did (a skip as `LiveOutcome.skipped`); nil when refused.
    var done: LiveOutcome? {
        switch result {
        case let .applied(outcome): outcome
        case let .skipped(id, skip): .skipped(id: id, skip)
        case .refused: nil
        }
    }

    var refusal: LiveError? {
        if case let .refused(refusal) = result { return refusal.error }
        return nil
    }
}
