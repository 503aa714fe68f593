import TraqtCore

/// `summary --json`: a day's object (`AgendaCursor.writeJSON`), or a week's,
/// `{"weekOf":"2026-11-30","days":[…],"timeSpent":[…]}` with the week's
/// totals; then a newline.
struct SummaryJSONView: OutputView {
    let days: [AgendaCursor]
    let spent: [[TimeSpent]]
    let week: Bool

    func write(to output: OutputBuffer) throws {
        guard week else {
            try days[0].writeJSON(to: output, timeSpent: spent[0])
            output.append("\n")
            return
        }
        JSONWriter.appendRaw("{\"weekOf\":", to: &output.bytes)
        JSONWriter.appendText(of: days[0].date.appendText, to: &output.bytes)
        output.append(",\"days\":[")
        for (index, day) in days.enumerated() {
            if index > 0 { output.append(",") }
            try day.writeJSON(to: output, timeSpent: spent[index])
        }
        output.append("],\"timeSpent\":")
        TimeSpent.appendJSONArray(TimeSpent.totals(spent), to: &output.bytes)
        output.append("}\n")
    }
}
