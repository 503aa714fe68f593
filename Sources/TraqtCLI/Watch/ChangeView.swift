import TraqtCore

/// Output written each time what is shown changes, never for the clocks alone
/// (`GlanceJSONView`'s key tells): `watch --json` (and any output that is not
/// a terminal), one JSON object per line, flushed per line; or, on a terminal
/// that cannot move its cursor (`TERM=dumb`), the whole view printed again
/// below, without colour, after a blank line.
final class ChangeView: WatchView {
    enum Form { case jsonLines, frames }

    private let form: Form
    private let output: OutputBuffer
    private var lastKey: [UInt8]?

    init(_ form: Form, output: OutputBuffer) {
        self.form = form
        self.output = output
    }

    func ticks(_ glance: Glance, at now: Instant) -> Bool { false }

    func show(_ glance: Glance, at now: Instant) throws {
        let json = GlanceJSONView(glance)
        guard json.key != lastKey else { return }
        switch form {
        case .jsonLines:
            json.write(to: output)
        case .frames:
            if lastKey != nil { output.append("\n") }
            for line in GlanceScreenView.lines(glance, at: now, quitHint: false) {
                output.bytes += line.rendered(columns: nil, color: false)
                output.append("\n")
            }
        }
        lastKey = json.key
        try output.flush()
    }
}
