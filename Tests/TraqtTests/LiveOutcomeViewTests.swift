import Testing
@testable import TraqtCLI
import TraqtCore

/// The one place that words what applying a live event did, as the live
/// commands and push print it.
@Suite("live outcome lines")
struct LiveOutcomeViewTests {
    @Test("a live command tells what became of the activity; push, of the notification")
    func lines() {
        let outcomes: [LiveOutcome] = [
            .started(id: "a"), .updated(id: "a"), .ended(id: "a", elapsedSeconds: 307),
            .alreadyEnded(id: "a", elapsedSeconds: 3723), .skipped(id: "a", .older(than: PushTimestamp(milliseconds: 1500))),
            .started(id: "b", pushToken: "ab12"),
        ]
        let skipped = "skipped a: older than the last push applied (timestamp 1.5)"
        #expect(outcomes.map { LiveOutcomeView.text(for: $0, .liveCommand) }
            == ["started a", "updated a", "ended a (05:07)", "already ended a (01:02:03)", skipped, "started b token ab12"])
        #expect(outcomes.map { LiveOutcomeView.text(for: $0, .push) }
            == ["started a", "updated a", "ended a", "skipped a: already ended", skipped, "started b token ab12"])
    }

    @Test("an id is shown without what drives the terminal")
    func printable() {
        let line = LiveOutcomeView.text(for: .started(id: "a\u{1B}]0;x\u{07}"), .push)
        #expect(line.hasPrefix("started a"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
    }
}
