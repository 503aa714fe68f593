/// A stored name in a cell of a table or grid: printable, measured in
/// terminal columns, cut to fit.
enum NameCell {
    /// `TextColumns.appendPrintable`, returning the columns the name takes: a
    /// name of printable ASCII (nearly all) is checked and copied in one pass.
    static func appendPrintable(utf8 name: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) -> Int {
        if isPlain(name) {
            buffer.append(contentsOf: name)
            return name.count
        }
        TextColumns.appendPrintable(utf8: name, to: &buffer)
        return TextColumns.displayWidth(utf8: name)
    }

    /// Printable ASCII only: a column a byte, nothing to replace.
    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    private static let ellipsis = Array("…".utf8)

    /// Appends a name, printable, cut to at most `width` terminal columns
    /// (ending in `…` when cut); returns the columns it takes.
    static func appendCut(utf8 name: UnsafeBufferPointer<UInt8>, to width: Int, to buffer: inout [UInt8]) -> Int {
        if isPlain(name) {
            guard name.count > width else {
                buffer.append(contentsOf: name)
                return name.count
            }
            // One column a byte: cut at a byte, and `…` takes the last column.
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: name[..<(width - 1)]))
            buffer.append(contentsOf: ellipsis)
            return width
        }
        let nameWidth = TextColumns.displayWidth(utf8: name)
        guard nameWidth > width else {
            TextColumns.appendPrintable(utf8: name, to: &buffer)
            return nameWidth
        }
        let cut = truncated(TextColumns.printable(String(decoding: name, as: UTF8.self)), to: width)
        buffer.append(contentsOf: cut.utf8)
        return TextColumns.displayWidth(cut)
    }

    /// Cuts `text` to at most `width` terminal columns, ending in `…` when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard TextColumns.displayWidth(text) > width else { return text }
        var result = ""
        for character in text {
            if TextColumns.displayWidth(result + String(character)) > width - 1 { break }
            result.append(character)
        }
        return result + "…"
    }
}
