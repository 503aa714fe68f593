import TraqtCore

/// What push answers for each notification. In text, a line each as the live
/// commands print them (`updated walk`, `skipped walk: …`); once any was
/// refused, nothing goes to standard output and `refusalReport` names each
/// notification on standard error instead. With `--json`, an object each, as
/// APNs would answer the request: `{"index":…,"id":…,"token":…,"event":…,
/// "outcome":"applied|skipped|refused","reason":…,"status":…,"timestamp":…,
/// "apnsId":…,"message":…}`.
struct PushOutcomeView: OutputView {
    let outcomes: [PushOutcome]
    /// One per outcome: the sender's `--apns-id`, else a new UUID each.
    let apnsIDs: [String]
    let json: Bool

    var refusals: Int { outcomes.count { $0.isRefused } }

    static func text(for outcome: PushOutcome) -> String {
        switch outcome.result {
        case let .applied(applied): return LiveOutcomeView.text(for: applied, .push)
        case let .skipped(id, skip): return LiveOutcomeView.text(for: .skipped(id: id, skip), .push)
        case let .refused(refusal): return "\(refusal.message); refused"
        }
    }

    /// The lines for standard error when any was refused: every notification, so
    /// that the sender knows which were applied despite the failure.
    var refusalReport: [String] {
        outcomes.map { outcome in
            if case .refused = outcome.result { return Self.text(for: outcome) }
            return "notification \(outcome.index): \(Self.text(for: outcome))"
        }
    }

    func write(to output: OutputBuffer) throws {
        guard json else {
            if refusals == 0 { for outcome in outcomes { output.append(Self.text(for: outcome) + "\n") } }
            return
        }
        for (outcome, apnsID) in zip(outcomes, apnsIDs) {
            try output.appendRow { buffer in
                Self.appendJSON(outcome, apnsID: apnsID, to: &buffer)
                buffer.append(UInt8(ascii: "\n"))
            }
        }
    }

    private static func appendJSON(_ outcome: PushOutcome, apnsID: String, to buffer: inout [UInt8]) {
        let (name, reason, status, since): (String, String?, Int, Instant?) = switch outcome.result {
        case .applied: ("applied", nil, 200, nil)
        case let .skipped(_, skip): ("skipped", skip.name, 200, nil)
        case let .refused(refusal): ("refused", refusal.reason.name, refusal.reason.status, refusal.since)
        }
        buffer.append(contentsOf: #"{"index":"#.utf8)
        buffer.append(contentsOf: String(outcome.index).utf8)
        buffer.append(contentsOf: #","id":"#.utf8)
        appendOptional(outcome.id, to: &buffer)
        buffer.append(contentsOf: #","token":"#.utf8)
        appendOptional(outcome.pushToken, to: &buffer)
        buffer.append(contentsOf: #","event":"#.utf8)
        JSONWriter.appendString(outcome.event, to: &buffer)
        buffer.append(contentsOf: #","outcome":"#.utf8)
        JSONWriter.appendString(name, to: &buffer)
        buffer.append(contentsOf: #","reason":"#.utf8)
        appendOptional(reason, to: &buffer)
        buffer.append(contentsOf: #","status":"#.utf8)
        buffer.append(contentsOf: String(status).utf8)
        // As APNs gives it for Unregistered: milliseconds since the epoch.
        buffer.append(contentsOf: #","timestamp":"#.utf8)
        buffer.append(contentsOf: (since.map { String($0.seconds * 1000) } ?? "null").utf8)
        buffer.append(contentsOf: #","apnsId":"#.utf8)
        JSONWriter.appendString(apnsID, to: &buffer)
        buffer.append(contentsOf: #","message":"#.utf8)
        JSONWriter.appendString(text(for: outcome), to: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    private static func appendOptional(_ text: String?, to buffer: inout [UInt8]) {
        if let text { JSONWriter.appendString(text, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
    }
}
