import TraqtCore

/// The confirmation a command that changes the store prints: `added walk`,
/// `renamed a to b`, `removed walk`, `imported 3 activities (2 added, 1 updated)`,
/// `done walk 2026-11-30`.
enum StoreChangeView: OutputView {
    case upserted(UpsertOutcome, id: String)
    /// `newID` is `id` when the edit kept it.
    case edited(id: String, newID: String)
    case removed(ids: [String])
    case imported(total: Int, added: Int)
    /// A line per outcome: `changed` when it changed a date, else `unchanged`
    /// (`done`, `already done`), for the dates `from` to `to`.
    case marked([MarkOutcome], changed: String, unchanged: String, from: LocalDate, to: LocalDate)

    func write(to output: OutputBuffer) {
        switch self {
        case let .upserted(outcome, id):
            output.append("\(outcome == .added ? "added" : "updated") \(TextColumns.printable(id))\n")
        case let .edited(id, newID):
            // Compared byte for byte, as the store compares ids.
            if newID.utf8.elementsEqual(id.utf8) {
                output.append("edited \(TextColumns.printable(id))\n")
            } else {
                output.append("renamed \(TextColumns.printable(id)) to \(TextColumns.printable(newID))\n")
            }
        case let .removed(ids):
            for id in ids { output.append("removed \(TextColumns.printable(id))\n") }
        case let .imported(total, added):
            output.append("imported \(total) \(total == 1 ? "activity" : "activities") (\(added) added, \(total - added) updated)\n")
        case let .marked(outcomes, changed, unchanged, from, to):
            let dates = from == to ? "\(from)" : "\(from) to \(to)"
            for outcome in outcomes {
                let target = outcome.id.map(TextColumns.printable) ?? "every activity"
                output.append("\(outcome.changedDates > 0 ? changed : unchanged) \(target) \(dates)\n")
            }
        }
    }
}
