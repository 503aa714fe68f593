import Testing
@testable import TraqtCLI
import TraqtCore

/// The glance screen shows a live activity's last alert under its name until
/// the next event replaces it.
@Suite("glance screen alerts")
struct GlanceScreenAlertTests {
    @Test("an alert shows as its title and body, without what drives the terminal; none shows nothing")
    func alertLine() {
        let now = Instant(seconds: 1_796_040_000)
        var live = LiveActivity(id: "pizza", startedAt: now)
        live.alert = #"{"title":"Pizza","body":"In the oven\u001b[2J"}"#
        let text = GlanceScreenView.lines(Glance(now: now, live: [live], pending: []), at: now, quitHint: false).map { $0.runs.map(\.text).joined() }
        let alert = text.first { $0.contains("! Pizza: In the oven") }
        #expect(alert != nil, "\(text)")
        #expect(alert?.unicodeScalars.contains { $0.value == 0x1B } == false)
        live.alert = nil
        let none = GlanceScreenView.lines(Glance(now: now, live: [live], pending: []), at: now, quitHint: false).map { $0.runs.map(\.text).joined() }
        #expect(!none.contains { $0.contains("!") })
    }
}
