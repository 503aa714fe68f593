import TraqtCore

/// `watch --waybar`: Waybar's custom-module JSON, a line each second while a
/// live activity runs (its stopwatch is the text) and on each change.
final class WaybarView: WatchView {
    private let output: OutputBuffer
    private var lastLine: [UInt8]?

    init(output: OutputBuffer) { self.output = output }

    func ticks(_ glance: Glance, at now: Instant) -> Bool { !glance.running(at: now).isEmpty }

    func show(_ glance: Glance, at now: Instant) throws {
        let view = WaybarLineView(glance, at: now)
        guard view.line != lastLine else { return }
        lastLine = view.line
        view.write(to: output)
        try output.flush()
    }
}
