import TraqtCore

/// What became of a reminder, as the day view of `summary` says it.
enum OccurrenceStatusText {
    /// `fired at 07:31 (1m 5s late)`, `failed at 07:30 (exit 3)`, `missed`,
    /// `done at 08:10` (marked on `date` itself; else with its date:
    /// `done at 2026-11-29 21:00`), …
    static func text(_ status: OccurrenceStatus, on date: LocalDate) -> String {
        switch status {
        case let .fired(at, late):
            return "fired at \(clock(at))" + (late > 0 ? " (\(DurationText.of(late)) late)" : "")
        case let .failed(at, _, exitStatus):
            // 124 is what a command that ran out of time is recorded with, as timeout(1) reports it.
            return "failed at \(clock(at)) (" + (exitStatus == 124 ? "timed out" : "exit \(exitStatus)") + ")"
        case let .started(at, _):
            return "started at \(clock(at)), no outcome"
        case .claimed:
            return "claimed, not run yet"
        case let .done(at):
            return "done at " + (at.localDate == date ? "" : "\(at.localDate) ") + clock(at)
        default:
            return status.name
        }
    }

    /// `text` as bytes, the last one kept: the occurrences one `due` run
    /// fired together in one minute share theirs.
    struct Cache {
        let date: LocalDate
        private var last: (status: OccurrenceStatus, text: [UInt8])?

        init(date: LocalDate) { self.date = date }

        mutating func text(_ status: OccurrenceStatus) -> [UInt8] {
            if let last, last.status == status { return last.text }
            let text = Array(OccurrenceStatusText.text(status, on: date).utf8)
            last = (status, text)
            return text
        }
    }

    private static func clock(_ instant: Instant) -> String {
        let wall = instant.localDateTime
        return TimeOfDay(hour: wall.hour, minute: wall.minute)!.description
    }
}
