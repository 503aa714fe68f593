import TraqtCore

/// A week's agendas side by side, one grid line at a time: the seven cursors
/// advance together by time, so a line holds, for each day, the next
/// occurrence at the line's time or nothing. A time with several occurrences
/// on one day takes several lines. Nothing is kept but the cursors.
struct WeekGrid {
    private let days: [AgendaCursor]
    /// Whether each cursor is on an occurrence not yet shown.
    private var onRow: [Bool]

    init(_ days: [AgendaCursor]) throws {
        self.days = days
        onRow = try days.map { try $0.next() }
    }

    var isEmpty: Bool { !onRow.contains(true) }

    /// Calls `body` for each line, in time order, with the line's time, whether
    /// it is the first line of that time, and which days have an occurrence on
    /// it, as a mask of their indices (their cursors are on it while `body` runs).
    mutating func forEachLine(_ body: (_ minutes: Int, _ isFirst: Bool, _ onLine: Int) throws -> Void) throws {
        while let time = nextTime() {
            var isFirst = true
            while true {
                var onLine = 0
                for index in days.indices where onRow[index] && days[index].minutes == time { onLine |= 1 << index }
                guard onLine != 0 else { break }
                try body(time, isFirst, onLine)
                for index in days.indices where onLine >> index & 1 == 1 { onRow[index] = try days[index].next() }
                isFirst = false
            }
        }
    }

    /// The earliest time a cursor is on, nil when all are done.
    private func nextTime() -> Int? {
        var earliest: Int?
        for index in days.indices where onRow[index] { earliest = min(earliest ?? .max, days[index].minutes) }
        return earliest
    }
}

/// The widths of the week grid's columns and how much of a name a cell shows.
///
/// Without a limit, names are cut at 14 columns (cells of 16). With one (the
/// terminal's width), names are cut shorter first, down to `minimumNameWidth`;
/// if the grid still does not fit, the day headers lose the month (`MON 30`)
/// and names get what room that leaves. A grid that cannot fit even so takes
/// the narrowest form.
struct WeekLayout {
    static let nameWidth = 14
    static let minimumNameWidth = 4

    let nameLimit: Int
    let headers: [String]
    /// One per day.
    let columns: [Int]
    /// The grid's width.
    var width: Int { Self.gridWidth(columns: columns) }

    /// `MON 11-30`; short, `MON 30`.
    static func header(_ date: LocalDate, short: Bool = false) -> String {
        let month = String(date.description.suffix(5))  // MM-DD
        return Weekdays.shortNames[date.weekday].uppercased() + " " + (short ? String(month.suffix(2)) : month)
    }

    /// TIME, then each column but the last with two spaces after it.
    static func gridWidth(columns: [Int]) -> Int { 5 + 2 + columns.reduce(0, +) + 2 * (columns.count - 1) }

    /// `widest`: the widest name of each day, nil for a day with no activities.
    init(dates: [LocalDate], widest: [Int?], limit: Int?) {
        func layout(names: Int, short: Bool) -> (headers: [String], columns: [Int], width: Int) {
            let headers = dates.map { Self.header($0, short: short) }
            let columns = zip(headers, widest).map { header, name in
                max(TextColumns.displayWidth(header), name.map { WeekMarks.width + 1 + min($0, names) } ?? 0)
            }
            return (headers, columns, WeekLayout.gridWidth(columns: columns))
        }
        var choice = (names: Self.nameWidth, layout: layout(names: Self.nameWidth, short: false))
        if let limit, choice.layout.width > limit {
            let candidates = [false, true].lazy.flatMap { short in
                stride(from: Self.nameWidth, through: Self.minimumNameWidth, by: -1).lazy
                    .map { (names: $0, layout: layout(names: $0, short: short)) }
            }
            choice = candidates.first { $0.layout.width <= limit }
                ?? (Self.minimumNameWidth, layout(names: Self.minimumNameWidth, short: true))
        }
        nameLimit = choice.names
        (headers, columns) = (choice.layout.headers, choice.layout.columns)
    }
}

/// Writes the lines of a grid: each cell padded to its column plus two
/// spaces, and no spaces at the end of a line.
struct GridLine {
    private var pendingSpaces = 0

    /// A cell in a column `column` wide: `write` appends it and returns the
    /// terminal columns it takes.
    mutating func cell(column: Int, to bytes: inout [UInt8], _ write: (inout [UInt8]) -> Int) {
        TextColumns.appendPadding(pendingSpaces, to: &bytes)
        pendingSpaces = column - write(&bytes) + 2
    }

    /// An empty cell in a column `column` wide.
    mutating func skip(column: Int) { pendingSpaces += column + 2 }

    mutating func end(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\n"))
        pendingSpaces = 0
    }
}
