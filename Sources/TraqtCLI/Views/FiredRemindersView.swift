import TraqtCore

/// What `due` prints for the reminders it fired: `HH:MM  name` lines, else
/// `Nothing due.` (nothing with `quiet`); with `json`, one object a line,
/// nothing when none fired.
struct FiredRemindersView: OutputView {
    let fired: [FiredOccurrence]
    let json: Bool
    let quiet: Bool
    let style: TextStyle

    func write(to output: OutputBuffer) throws {
        for reminder in fired {
            if json {
                output.bytes += Self.jsonLine(reminder)
            } else {
                output.append(style.cyan(reminder.occurrence.activity.time.description) + "  "
                              + TextColumns.printable(reminder.occurrence.activity.name) + "\n")
            }
        }
        if fired.isEmpty && !json && !quiet { output.append("Nothing due.\n") }
    }

    /// One reminder's JSON object and newline: also what its `--exec`
    /// command reads on standard input.
    static func jsonLine(_ reminder: FiredOccurrence) -> [UInt8] {
        var bytes: [UInt8] = []
        reminder.appendJSON(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

/// What `due` reports on standard error for reminders found missed.
struct MissedRemindersView {
    let missed: [Occurrence]

    /// `missed HH:MM name`, a line each, written one by one as before.
    var lines: [String] {
        missed.map { "missed " + $0.activity.time.description + " " + TextColumns.printable($0.activity.name) + "\n" }
    }
}
