import TraqtCore

/// What an error message may show of what the user typed or a file held: no
/// character that drives the terminal (`traqt remove $'\e]0;pwned\a'` must not
/// retitle it), and no megabyte-long value repeated back.
enum ErrorMessage {
    /// A quoted value longer than this many characters is cut.
    static let quotedLimit = 80
    /// No message is longer than this many characters.
    static let totalLimit = 2000

    /// `message` with unsafe characters replaced by U+FFFD, each quoted value
    /// ('…', opened after a space or punctuation) cut to `quotedLimit`
    /// characters, and the whole to `totalLimit`.
    static func sanitized(_ message: String) -> String {
        var result = ""
        var quoted: String?
        var previous: Character = " "
        for character in UnsafeText.replacingUnsafe(message) {
            defer { previous = character }
            if character == "'" {
                if let value = quoted {
                    result += cut(value, to: quotedLimit) + "'"
                    quoted = nil
                } else if previous.isLetter || previous.isNumber {
                    // An apostrophe (the day numbers of cron's), not a quote opening.
                    result.append("'")
                } else {
                    result.append("'")
                    quoted = ""
                }
            } else if quoted != nil {
                quoted!.append(character)
            } else {
                result.append(character)
            }
        }
        if let value = quoted { result += cut(value, to: quotedLimit) }
        return cut(result, to: totalLimit)
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let hidden = text.count - (limit - 1)
        return String(text.prefix(limit - 1)) + "…(\(hidden) more characters)"
    }
}
