import TraqtCore

/// The text table `list` prints: TIME, DAYS, ID, NAME, columns lined up by
/// display width, or `No activities.`. Rows are measured first and printed
/// after, straight from the store's bytes, in one snapshot: what is measured
/// is what is printed. A small table is kept from the measuring pass and
/// printed from memory; a large one is read a second time, so memory stays
/// flat whatever the row count.
struct ActivityTableView: OutputView {
    let store: ActivityStore
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        var table = ActivityTableColumns()
        try store.snapshot {
            try store.forEachRow { table.measure($0) }
            guard table.rowCount > 0 else { return }
            table.appendHeader(to: output, style)
            if table.keptAll {
                table.appendKeptRows(to: output, style)
            } else {
                try store.forEachRow { row in
                    table.append(row, to: output, style)
                    try output.flushIfFull()
                }
            }
        }
        if table.rowCount == 0 { output.append("No activities.\n") }
    }
}

/// The table's column widths, measured over the rows, and the rows kept.
private struct ActivityTableColumns {
    static let headers = ["TIME", "DAYS", "ID", "NAME"]
    /// Up to this many rows are kept from the first pass (a few hundred KB at most).
    static let keptRowLimit = 4096

    private(set) var rowCount = 0
    private var daysWidth = headers[1].count
    private var idWidth = headers[2].count
    /// Day summaries by mask, made once each.
    private var summaries = [[UInt8]?](repeating: nil, count: Weekdays.range.upperBound + 1)
    /// The kept rows' text, and where each row's id and name are in it.
    private var keptText: [UInt8] = []
    private var keptRows: [KeptRow] = []

    /// A row kept from the measuring pass; its text is in `keptText`.
    private struct KeptRow {
        let minutes: Int, mask: Int, idWidth: Int
        let id: Range<Int>, name: Range<Int>
    }

    /// Whether every row was kept, so that no second pass is needed.
    var keptAll: Bool { keptRows.count == rowCount }

    mutating func measure(_ row: ActivityRow) {
        let mask = row.daysMask
        daysWidth = max(daysWidth, summary(mask).count)
        let rowIDWidth = row.withIDBytes(TextColumns.displayWidth(utf8:))
        idWidth = max(idWidth, rowIDWidth)
        rowCount += 1
        guard keptRows.count == rowCount - 1, rowCount <= Self.keptRowLimit else { return }
        let idStart = keptText.count
        row.withIDBytes { keptText.append(contentsOf: $0) }
        let nameStart = keptText.count
        row.withNameBytes { keptText.append(contentsOf: $0) }
        keptRows.append(KeptRow(minutes: row.minutes, mask: mask, idWidth: rowIDWidth,
                                id: idStart..<nameStart, name: nameStart..<keptText.count))
    }

    func appendHeader(to output: OutputBuffer, _ style: TextStyle) {
        output.append(TextColumns.line(Self.headers.map { ($0, style.bold($0)) }, widths: [5, daysWidth, idWidth]))
    }

    /// Appends every kept row; only when `keptAll`.
    mutating func appendKeptRows(to output: OutputBuffer, _ style: TextStyle) {
        for row in keptRows {
            keptText.withUnsafeBufferPointer { text in
                appendLine(minutes: row.minutes, mask: row.mask,
                           id: UnsafeBufferPointer(rebasing: text[row.id]), idWidth: row.idWidth,
                           name: UnsafeBufferPointer(rebasing: text[row.name]), to: output, style)
            }
        }
    }

    mutating func append(_ row: ActivityRow, to output: OutputBuffer, _ style: TextStyle) {
        row.withIDBytes { id in
            row.withNameBytes { name in
                appendLine(minutes: row.minutes, mask: row.daysMask, id: id,
                           idWidth: TextColumns.displayWidth(utf8: id), name: name, to: output, style)
            }
        }
    }

    private mutating func appendLine(minutes: Int, mask: Int, id: UnsafeBufferPointer<UInt8>, idWidth rowIDWidth: Int,
                                     name: UnsafeBufferPointer<UInt8>, to output: OutputBuffer, _ style: TextStyle) {
        style.appendTime(minutes: minutes, to: output)
        output.append("  ")
        let days = summary(mask)
        output.bytes.append(contentsOf: days)
        TextColumns.appendPadding(daysWidth - days.count + 2, to: &output.bytes)
        TextColumns.appendPrintable(utf8: id, to: &output.bytes)
        TextColumns.appendPadding(idWidth - rowIDWidth + 2, to: &output.bytes)
        TextColumns.appendPrintable(utf8: name, to: &output.bytes)
        output.bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func summary(_ mask: Int) -> [UInt8] {
        if let known = summaries[mask] { return known }
        let text = Array((Weekdays(mask: mask)?.summary ?? "?").utf8)
        summaries[mask] = text
        return text
    }
}
