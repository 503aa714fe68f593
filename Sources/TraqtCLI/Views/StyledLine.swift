/// One line of a full-screen view: runs of text, each with an SGR style (`1`
/// bold, `2` dim, `36` cyan …) or none. Text from the store is made printable
/// by the caller; widths count what shows on screen.
struct StyledLine {
    private(set) var runs: [(text: String, style: String?)] = []

    init(_ text: String = "", _ style: String? = nil) {
        if !text.isEmpty { add(text, style) }
    }

    mutating func add(_ text: String, _ style: String? = nil) {
        runs.append((text, style))
    }

    /// Appends `text` and pads it with spaces to `width` columns.
    mutating func add(_ text: String, _ style: String? = nil, paddedTo width: Int) {
        add(text, style)
        let missing = width - TextColumns.displayWidth(text)
        if missing > 0 { add(String(repeating: " ", count: missing)) }
    }

    var width: Int { runs.reduce(0) { $0 + TextColumns.displayWidth($1.text) } }

    /// The line cut to `columns` (its last column then shows `…`), styled only
    /// with `color`, ending in a reset when styled.
    func rendered(columns: Int?, color: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var budget = columns.map { width > $0 ? $0 - 1 : $0 } ?? Int.max
        var cut = false
        for run in runs where !cut {
            var text = ""
            for character in run.text {
                let characterWidth = TextColumns.displayWidth(String(character))
                if characterWidth > budget {
                    cut = true
                    break
                }
                budget -= characterWidth
                text.append(character)
            }
            if color, let style = run.style, !text.isEmpty {
                bytes += Array("\u{1B}[\(style)m\(text)\u{1B}[0m".utf8)
            } else {
                bytes += Array(text.utf8)
            }
        }
        if let columns, width > columns, columns > 0 { bytes += Array("…".utf8) }
        return bytes
    }
}
