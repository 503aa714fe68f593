import TraqtCore

/// How text for people is styled: bold headings and cyan times on a colour
/// terminal, plain text otherwise (see `Context.useColor`).
struct TextStyle {
    let color: Bool

    /// `text` in bold (or as is, without colour).
    func bold(_ text: String) -> String { styled(text, "1") }
    /// Times are cyan.
    func cyan(_ text: String) -> String { styled(text, "36") }

    /// Appends `HH:MM`, cyan on a terminal, for rows written byte by byte.
    func appendTime(minutes: Int, to output: OutputBuffer) {
        if color { output.append("\u{1B}[36m") }
        TimeOfDay.appendText(minutes: minutes, to: &output.bytes)
        if color { output.append("\u{1B}[0m") }
    }

    private func styled(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
