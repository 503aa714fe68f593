/// Stored names as Markdown shows them literally, for `summary --markdown`.
enum MarkdownText {
    /// Appends a name as literal Markdown text inside a table cell: no
    /// formatting, no HTML, no cell breaks, no line breaks.
    static func appendEscaped(utf8 name: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let start = buffer.count
        _ = NameCell.appendPrintable(utf8: name, to: &buffer)
        guard buffer[start...].contains(where: { isMarkdownSpecial[Int($0)] }) else { return }
        let printable = Array(buffer[start...])
        buffer.removeSubrange(start...)
        for byte in printable {
            // All ASCII: never part of a longer UTF-8 sequence.
            if isMarkdownSpecial[Int(byte)] { buffer.append(UInt8(ascii: "\\")) }
            buffer.append(byte)
        }
    }

    /// By byte: the characters Markdown gives a meaning to.
    private static let isMarkdownSpecial: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "\\`*_[]<>|#~".utf8 { table[Int(byte)] = true }
        return table
    }()
}
