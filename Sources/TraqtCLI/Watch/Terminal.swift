#if canImport(Glibc)
import Glibc
#endif
import TraqtCore

/// The terminal a full-screen view takes over: the alternate screen with the
/// cursor hidden, and keys read one at a time without echo. `leave` puts back
/// exactly what was there (the screen, the cursor, the line settings saved at
/// the start) and may be called any number of times.
final class Terminal {
    /// Where keys come from: standard input when it is this terminal, else -1.
    let input: Int32
    private var saved: termios?
    private(set) var isActive = false

    init() {
        input = isatty(0) == 1 ? 0 : -1
    }

    deinit { leave() }

    /// Switches to the alternate screen, hides the cursor, turns off echo and
    /// line mode (signals from the keyboard stay on: Ctrl-C, Ctrl-Z).
    func enter() throws(OutputError) {
        if input >= 0 {
            var settings = termios()
            if tcgetattr(input, &settings) == 0 {
                saved = settings
                settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
                withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
                tcsetattr(input, TCSANOW, &settings)
            }
        }
        isActive = true
        try write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8))
    }

    /// Shows the cursor, leaves the alternate screen (the shell's screen comes
    /// back as it was) and restores the line settings.
    func leave() {
        guard isActive else { return }
        isActive = false
        try? write(Array("\u{1B}[?25h\u{1B}[?1049l".utf8))
        if var settings = saved {
            tcsetattr(input, TCSADRAIN, &settings)
        }
    }

    /// Rows and columns; 24 × 80 when the terminal does not say.
    var size: (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// The keys typed since the last call; nil when the terminal hung up.
    func keys() -> [UInt8]? {
        guard input >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count == 0 { return nil }
        return count > 0 ? Array(bytes[..<count]) : []
    }

    /// Writes all of `bytes` to standard output at once (its own buffer: what a
    /// failed command leaves in the command's output is thrown away, and the
    /// screen must be restored whatever happens).
    func write(_ bytes: [UInt8]) throws(OutputError) {
        screen.bytes = bytes
        try screen.flush()
    }

    private let screen = OutputBuffer(descriptor: 1, capacity: 0)
}
