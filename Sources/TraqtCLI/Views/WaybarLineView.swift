import TraqtCore

/// A line of Waybar's custom-module JSON (`"return-type": "json"`):
/// `{"text":…,"tooltip":…,"class":…,"alt":…}`. `text` is the compact view,
/// `tooltip` the expanded one (every live activity, then the next pending
/// ones), `class` active, stale, pending or idle, `alt` the running one's type,
/// else the class. Waybar renders text, tooltip and alt as Pango markup: each
/// is escaped for it (`class` is only a CSS class, and one of four words).
struct WaybarLineView: OutputView {
    /// Pending activities the tooltip lists at most.
    static let pendingShown = 5

    /// Without its newline.
    let line: [UInt8]

    init(_ glance: Glance, at now: Instant) { line = Self.line(glance, at: now) }

    func write(to output: OutputBuffer) {
        output.bytes += line
        output.bytes.append(UInt8(ascii: "\n"))
    }

    private static func line(_ glance: Glance, at now: Instant) -> [UInt8] {
        let compact = glance.compact(at: now)
        let kind: String, alt: String
        switch compact {
        case let .running(activity, _):
            kind = activity.status(at: now).rawValue
            alt = activity.type
        case .next: (kind, alt) = ("pending", "pending")
        case .nothing: (kind, alt) = ("idle", "idle")
        }
        var bytes = Array(#"{"text":"#.utf8)
        JSONWriter.appendString(markup(compact.text(at: now) ?? ""), to: &bytes)
        bytes += Array(#","tooltip":"#.utf8)
        JSONWriter.appendString(markup(tooltip(glance, at: now)), to: &bytes)
        bytes += Array(#","class":"#.utf8)
        JSONWriter.appendString(kind, to: &bytes)
        bytes += Array(#","alt":"#.utf8)
        JSONWriter.appendString(markup(TextColumns.printable(alt)), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// `⏱ 04:07 Pizza`, `⏱ 05:07 Walk dog (stale)`, `⏱ 01:02:03 Build (ended)`,
    /// then `next 09:15 Standup`, `12:00 Lunch` … and `+N more today`.
    static func tooltip(_ glance: Glance, at now: Instant) -> String {
        var lines: [String] = []
        for activity in glance.live {
            let status = activity.status(at: now)
            guard status != .dismissed else { continue }
            lines.append("⏱ " + LiveActivity.elapsedText(seconds: activity.elapsedSeconds(at: now)) + " "
                         + TextColumns.printable(activity.name) + (status == .active ? "" : " (\(status.rawValue))"))
        }
        for (index, item) in glance.pending.prefix(pendingShown).enumerated() {
            lines.append((index == 0 ? "next " : "") + item.activity.time.description + " " + TextColumns.printable(item.activity.name))
        }
        if glance.pending.count > pendingShown { lines.append("+\(glance.pending.count - pendingShown) more today") }
        return lines.isEmpty ? "Nothing running, nothing pending today" : lines.joined(separator: "\n")
    }

    /// Markup's special characters as entities, as g_markup_escape_text writes
    /// them: the quotes too, so that text a format puts in an attribute stays in it.
    private static func markup(_ text: String) -> String {
        guard text.contains(where: { "&<>'\"".contains($0) }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "'": escaped += "&#39;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
