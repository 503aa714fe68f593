#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// The full-screen view on a terminal: redrawn in place each second (the
/// clocks), after each change and on a resize; `q` ends it. Ctrl-C, SIGTERM,
/// SIGHUP and SIGQUIT restore the terminal, then end traqt as the signal
/// would; Ctrl-Z restores it while stopped and takes it back on `fg`.
final class ScreenView: WatchView {
    private let terminal = Terminal()
    private let color: Bool
    private var clearNext = false

    static let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    init(color: Bool) { self.color = color }

    /// Takes over the terminal; `finish` gives it back, on every way out.
    func start() throws {
        SignalPipe.catchSignals(Self.endingSignals + [SIGWINCH, SIGTSTP])
        try terminal.enter()
    }

    func finish() { terminal.leave() }

    var keyInput: Int32 { terminal.input }
    var signalInput: Int32 { SignalPipe.readEnd }

    func ticks(_ glance: Glance, at now: Instant) -> Bool { true }

    func show(_ glance: Glance, at now: Instant) throws {
        let size = terminal.size
        let frame = GlanceScreenView.frame(GlanceScreenView.lines(glance, at: now, quitHint: terminal.input >= 0), rows: size.rows, columns: size.columns,
                                       color: color, clearFirst: clearNext)
        clearNext = false
        try terminal.write(frame)
    }

    func keysTyped() -> Bool {
        guard let keys = terminal.keys() else { return false }
        return !keys.contains(UInt8(ascii: "q")) && !keys.contains(UInt8(ascii: "Q"))
    }

    func received(_ signal: Int32, _ glance: Glance, at now: Instant) throws {
        switch signal {
        case SIGWINCH:
            clearNext = true
            try show(glance, at: now)
        case SIGTSTP:
            terminal.leave()
            SignalPipe.actAsDefault(SIGTSTP)
            // Continued (`fg`): take the terminal back.
            try terminal.enter()
            try show(glance, at: now)
        default:
            terminal.leave()
            SignalPipe.actAsDefault(signal)
        }
    }
}
