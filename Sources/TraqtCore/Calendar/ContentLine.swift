/// The lexical rules of iCalendar (RFC 5545 section 3.1 and 3.3): content lines
/// ended by CRLF and folded at 75 octets, TEXT values escaped, and the forms of
/// dates, times and UTC offsets. Everything works on bytes, so that an export
/// streams without making a String per value.
public enum ContentLine {
    /// The most octets a line may hold, CRLF not counted (RFC 5545 3.1).
    public static let maximumOctets = 75

    /// Appends `line` ended by CRLF, folded where it is longer than 75 octets:
    /// each further part starts with one space (which unfolding removes) and
    /// holds at most 74 octets after it. A cut never falls inside a UTF-8
    /// sequence: it moves back to the start of the character.
    public static func appendFolded(_ line: [UInt8], to buffer: inout [UInt8]) {
        var start = 0, limit = maximumOctets
        while line.count - start > limit {
            var cut = start + limit
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            // Only bytes that are not UTF-8 can run this far without a start byte.
            if cut == start { cut = start + limit }
            buffer.append(contentsOf: line[start..<cut])
            buffer += [0x0D, 0x0A, 0x20]
            start = cut
            limit = maximumOctets - 1
        }
        buffer.append(contentsOf: line[start...])
        buffer += [0x0D, 0x0A]
    }

    /// Appends `bytes` (UTF-8) as a TEXT value (RFC 5545 3.3.11): backslash,
    /// semicolon and comma escaped with a backslash, a line break (LF, CR or
    /// CRLF) as `\n`. TEXT may hold no other control character, and the
    /// characters that would drive a terminal or reorder what is shown
    /// (`UnsafeText`) are replaced with U+FFFD, as in traqt's text output.
    public static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                line += [UInt8(ascii: "\\"), byte]
                offset += 1
            case 0x0A, 0x0D:
                line += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                offset += byte == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
            default:
                let unsafe = UnsafeText.unsafeLength(in: bytes, at: offset)
                if unsafe > 0 {
                    line += [0xEF, 0xBF, 0xBD]
                    offset += unsafe
                } else {
                    line.append(byte)
                    offset += 1
                }
            }
        }
    }

    public static func appendText(_ text: String, to line: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendText($0, to: &line) }
    }

    /// Appends a parameter value (RFC 5545 3.2): as it is, or in double quotes
    /// when it holds `:`, `;` or `,`. A parameter value cannot hold a double
    /// quote or a control character at all; the caller's values never do.
    public static func appendParameter(_ value: String, to line: inout [UInt8]) {
        let quoted = value.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }
        if quoted { line.append(UInt8(ascii: "\"")) }
        line += value.utf8
        if quoted { line.append(UInt8(ascii: "\"")) }
    }

    /// Whether `value` can be a parameter value at all: no double quote, no control character.
    public static func isParameterSafe(_ value: String) -> Bool {
        !value.isEmpty && !value.unicodeScalars.contains { $0 == "\"" || ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }
    }

    /// Appends a local DATE-TIME, `20261130T073000`.
    public static func appendDateTime(_ wall: LocalDateTime, to line: inout [UInt8]) {
        appendDate(LocalDate(wall), to: &line)
        line.append(UInt8(ascii: "T"))
        appendTwoDigits(wall.hour, to: &line)
        appendTwoDigits(wall.minute, to: &line)
        appendTwoDigits(wall.second, to: &line)
    }

    /// Appends a DATE-TIME in UTC, `20261130T073000Z`.
    public static func appendUTC(_ instant: Int, to line: inout [UInt8]) {
        appendDateTime(wallClock(key: instant), to: &line)
        line.append(UInt8(ascii: "Z"))
    }

    /// Appends a DATE, `20261130`.
    public static func appendDate(_ date: LocalDate, to line: inout [UInt8]) {
        appendTwoDigits(date.year / 100, to: &line)
        appendTwoDigits(date.year % 100, to: &line)
        appendTwoDigits(date.month, to: &line)
        appendTwoDigits(date.day, to: &line)
    }

    /// Appends a UTC-OFFSET (RFC 5545 3.3.14): `-0500`, `+0100`, `+053000` when
    /// there are seconds; zero is `+0000` (`-0000` is not allowed).
    public static func appendOffset(_ seconds: Int, to line: inout [UInt8]) {
        line.append(UInt8(ascii: seconds < 0 ? "-" : "+"))
        let magnitude = abs(seconds)
        appendTwoDigits(magnitude / 3600, to: &line)
        appendTwoDigits(magnitude / 60 % 60, to: &line)
        if magnitude % 60 != 0 { appendTwoDigits(magnitude % 60, to: &line) }
    }

    /// The wall clock of a "wall key": seconds from 1970-01-01 00:00 as if
    /// every day had 86,400 seconds (an instant is its own key in UTC; an
    /// instant plus its UTC offset is the key of its local time).
    public static func wallClock(key: Int) -> LocalDateTime {
        let days = key >= 0 ? key / 86_400 : (key - 86_399) / 86_400
        let date = LocalDate(daysSinceEpoch: days)
        let second = key - days * 86_400
        return LocalDateTime(checked: (date.year, date.month, date.day),
                             hour: second / 3600, minute: second / 60 % 60, second: second % 60)
    }

    /// The wall key of a local date and time (see `wallClock(key:)`).
    public static func key(of wall: LocalDateTime) -> Int {
        LocalDate(wall).daysSinceEpoch * 86_400 + wall.hour * 3600 + wall.minute * 60 + wall.second
    }

    private static func appendTwoDigits(_ value: Int, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10))
        line.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }
}
