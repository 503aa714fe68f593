import TraqtCore

/// The line printed for what applying a live event did: `started ID`,
/// `ended ID (05:07)`, `skipped ID: …`. The live commands and push tell two
/// things apart: a live command tells what became of the live activity (an end
/// with its elapsed time, one already ended as such); push tells what became of
/// each notification, and an end of one already ended changed nothing: skipped.
struct LiveOutcomeView: OutputView {
    enum Teller {
        case liveCommand, push
    }

    static func text(for outcome: LiveOutcome, _ teller: Teller) -> String {
        switch (outcome, teller) {
        case let (.started(id, token?), _): return "started \(TextColumns.printable(id)) token \(token)"
        case let (.started(id, nil), _): return "started \(TextColumns.printable(id))"
        case let (.updated(id), _): return "updated \(TextColumns.printable(id))"
        case let (.ended(id, seconds), .liveCommand):
            return "ended \(TextColumns.printable(id)) (\(LiveActivity.elapsedText(seconds: seconds)))"
        case let (.ended(id, _), .push): return "ended \(TextColumns.printable(id))"
        case let (.alreadyEnded(id, seconds), .liveCommand):
            return "already ended \(TextColumns.printable(id)) (\(LiveActivity.elapsedText(seconds: seconds)))"
        case let (.alreadyEnded(id, _), .push): return "skipped \(TextColumns.printable(id)): already ended"
        case let (.skipped(id, skip), _): return "skipped \(TextColumns.printable(id)): \(skip.description)"
        }
    }

    let outcomes: [LiveOutcome]
    let teller: Teller
    /// The line printed when there is no outcome (`live end --all` with none running).
    let ifNone: String?

    init(_ outcomes: [LiveOutcome], _ teller: Teller, ifNone: String? = nil) {
        self.outcomes = outcomes
        self.teller = teller
        self.ifNone = ifNone
    }

    /// A line per outcome.
    func write(to output: OutputBuffer) {
        if outcomes.isEmpty, let ifNone { output.append(ifNone + "\n") }
        for outcome in outcomes { output.append(Self.text(for: outcome, teller) + "\n") }
    }
}
