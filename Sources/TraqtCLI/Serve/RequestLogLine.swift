import TraqtCore

/// The line `traqt serve` logs per request: method, path, status, bytes and
/// milliseconds. Never a header (a bearer token) or a body; a push token in
/// the path shows only its first 8 digits, and the path is made safe to
/// print, since a client may send control characters to forge lines.
enum RequestLogLine {
    /// Characters of a path shown; the rest is cut.
    static let pathLimit = 512

    static func text(method: String, path: String, status: Int, bytes: Int, milliseconds: Double) -> String {
        let shown = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { isToken($0) ? String($0.prefix(8)) + "…" : String($0) }
            .joined(separator: "/")
        let tenths = Int((milliseconds * 10).rounded())
        let safe = UnsafeText.replacingUnsafe(method + " " + String(shown.prefix(pathLimit)))
        return "\(safe) \(status == 0 ? "-" : String(status)) \(bytes) \(tenths / 10).\(tenths % 10)ms\n"
    }

    /// 64 or more hex digits: a push token (traqt's, or APNs's of any length).
    private static func isToken(_ segment: Substring) -> Bool {
        segment.utf8.count >= 64 && segment.utf8.allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70)
        }
    }
}
