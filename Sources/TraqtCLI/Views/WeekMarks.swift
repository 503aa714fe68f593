import TraqtCore

/// The marks a week's grid shows for each status (`✓ fired`, `! missed`, …)
/// and the legend under it.
enum WeekMarks {
    /// One of each status, for the marks and the legend.
    static let everyStatus: [OccurrenceStatus] = [
        .fired(at: Instant(seconds: 0), lateSeconds: 0), .failed(at: Instant(seconds: 0), lateSeconds: 0, exitStatus: 0),
        .missed, .done(at: Instant(seconds: 0)), .skipped, .pending, .upcoming, .past,
        .started(at: Instant(seconds: 0), lateSeconds: 0), .claimed,
    ]

    /// The legend under a week: every mark, but those of the states an
    /// interrupted `due --exec` leaves only when the week shows them (`shown`,
    /// by name).
    static func legend(showing shown: Set<String>) -> [String] {
        everyStatus.filter { !["started", "claimed"].contains($0.name) || shown.contains($0.name) }
            .map { mark($0) + " " + $0.name }
    }

    static func mark(_ status: OccurrenceStatus) -> String {
        switch status {
        case .fired: return "✓"
        case .failed: return "✗"
        case .started: return "?"
        case .claimed: return "~"
        case .missed: return "!"
        case .done: return "✔"
        case .skipped: return "»"
        case .pending: return "•"
        case .upcoming: return "·"
        case .past: return "-"
        }
    }

    /// The marks as bytes, made once, and whether the rare ones were shown.
    struct Cache {
        private let fired = Array(mark(.fired(at: Instant(seconds: 0), lateSeconds: 0)).utf8)
        private let failed = Array(mark(.failed(at: Instant(seconds: 0), lateSeconds: 0, exitStatus: 0)).utf8)
        private let started = Array(mark(.started(at: Instant(seconds: 0), lateSeconds: 0)).utf8)
        private let claimed = Array(mark(.claimed).utf8)
        private let missed = Array(mark(.missed).utf8), pending = Array(mark(.pending).utf8)
        private let upcoming = Array(mark(.upcoming).utf8), past = Array(mark(.past).utf8)
        private(set) var shown: Set<String> = []
        private let done = Array(mark(.done(at: Instant(seconds: 0))).utf8), skipped = Array(mark(.skipped).utf8)

        mutating func bytes(_ status: OccurrenceStatus) -> [UInt8] {
            switch status {
            case .fired: return fired
            case .failed: return failed
            case .started:
                shown.insert("started")
                return started
            case .claimed:
                shown.insert("claimed")
                return claimed
            case .missed: return missed
            case .done: return done
            case .skipped: return skipped
            case .pending: return pending
            case .upcoming: return upcoming
            case .past: return past
            }
        }
    }

    /// Every mark takes this many columns.
    static let width = everyStatus.map { TextColumns.displayWidth(mark($0)) }.max() ?? 1

    /// The legend's entries on lines of at most `width` columns (any number
    /// of them on one line without a limit), two spaces apart.
    static func legendLines(_ entries: [String], width: Int?) -> [String] {
        var lines: [String] = []
        for entry in entries {
            if let last = lines.last,
               width.map({ TextColumns.displayWidth(last) + 2 + TextColumns.displayWidth(entry) <= $0 }) ?? true {
                lines[lines.count - 1] = last + "  " + entry
            } else {
                lines.append(entry)
            }
        }
        return lines
    }
}
