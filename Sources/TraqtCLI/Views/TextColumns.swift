import TraqtCore
/// Text for people on a terminal: columns aligned by display width, and no
/// control characters from stored names reaching the terminal.
enum TextColumns {
    /// Lays out rows of plain cells kept in memory (a day or a week, not a
    /// table of any size): every column but the last is padded to its widest cell.
    static func render(_ rows: [[String]]) -> [String] {
        guard let columnCount = rows.first?.count else { return [] }
        var widths = [Int](repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], displayWidth(cell)) }
        }
        return rows.map { row in String(line(row.map { ($0, $0) }, widths: widths).dropLast()) }
    }

    /// One row: every cell but the last padded to its column's width plus two
    /// spaces. Widths count what shows on screen, so a cell may carry colour codes
    /// around `plain`.
    static func line(_ cells: [(plain: String, shown: String)], widths: [Int]) -> String {
        var line = ""
        for (column, cell) in cells.enumerated() {
            line += cell.shown
            if column < cells.count - 1 {
                line += String(repeating: " ", count: max(0, widths[column] - displayWidth(cell.plain)) + 2)
            }
        }
        return line + "\n"
    }

    /// Replaces control characters (newlines, escape sequences) and the
    /// bidirectional controls with U+FFFD (see `UnsafeText`), so a stored name
    /// can neither break the layout, nor drive the terminal, nor reorder what
    /// is shown around it.
    static func printable(_ text: String) -> String {
        UnsafeText.replacingUnsafe(text)
    }

    /// `printable` on raw UTF-8, appended to `buffer`; names without unsafe
    /// characters (nearly all) are copied as they are.
    static func appendPrintable(utf8 bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        if UnsafeText.containsUnsafe(bytes) {
            buffer.append(contentsOf: printable(String(decoding: bytes, as: UTF8.self)).utf8)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// `displayWidth` of raw UTF-8; ASCII (nearly every id) is counted without decoding.
    static func displayWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return bytes.count }
        return displayWidth(printable(String(decoding: bytes, as: UTF8.self)))
    }

    /// Appends `count` spaces.
    static func appendPadding(_ count: Int, to buffer: inout [UInt8]) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, spaces.count)
            buffer.append(contentsOf: spaces[..<chunk])
            remaining -= chunk
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Columns a string takes on a terminal: East Asian wide characters and
    /// emoji take two, combining marks and joiners none (see `UnicodeWidth`).
    static func displayWidth(_ text: String) -> Int {
        UnicodeWidth.of(text)
    }
}
