import TraqtCore

/// The block `summary` prints after the agenda: its title, then `  Name  1h 2m`
/// lines, names padded to the widest, or a Markdown table; nothing when no
/// time was spent.
struct TimeSpentView: OutputView {
    let entries: [TimeSpent]
    let title: String
    let markdown: Bool
    let style: TextStyle

    func write(to output: OutputBuffer) {
        if markdown { writeMarkdown(to: output) } else { writeText(to: output) }
    }

    private func writeText(to output: OutputBuffer) {
        guard !entries.isEmpty else { return }
        let names = entries.map { TextColumns.printable($0.name) }
        let width = names.map(TextColumns.displayWidth).max() ?? 0
        var text = "\n" + style.bold(title) + "\n"
        for (entry, name) in zip(entries, names) {
            text += "  " + name + String(repeating: " ", count: width - TextColumns.displayWidth(name) + 2)
                + DurationText.of(entry.seconds) + "\n"
        }
        output.append(text)
    }

    private func writeMarkdown(to output: OutputBuffer) {
        guard !entries.isEmpty else { return }
        var bytes = Array("\n### \(title)\n\n| Activity | Time spent |\n| --- | --- |\n".utf8)
        for entry in entries {
            bytes.append(contentsOf: "| ".utf8)
            var name = entry.name
            name.withUTF8 { MarkdownText.appendEscaped(utf8: $0, to: &bytes) }
            bytes.append(contentsOf: " | \(DurationText.of(entry.seconds)) |\n".utf8)
        }
        output.bytes.append(contentsOf: bytes)
    }
}
