/// A span of time for people: `45s`, `2m 30s`, `1h 5m`.
enum DurationText {
    static func of(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 && hours == 0 { parts.append("\(rest)s") }
        return parts.isEmpty ? "0s" : parts.joined(separator: " ")
    }
}
