import TraqtCore

/// What `token add`, `token list` and `token revoke` print. Names and topics
/// are checked ASCII (`APIToken.validate`), so they need no escaping or widths.
enum APITokenView: OutputView {
    /// `added token NAME (SCOPE[, topic T][, expires YYYY-MM-DD HH:MM]): SECRET`,
    /// the secret last so that a script takes the last word; or one JSON object.
    case added(APIToken, secret: String, json: Bool)
    /// A table with a header, or a JSON array; never a secret.
    case listed([APIToken], now: Instant, json: Bool)
    case revoked(name: String)

    static let headers = ["NAME", "SCOPE", "TOPIC", "CREATED", "EXPIRES"]

    func write(to output: OutputBuffer) throws {
        switch self {
        case let .added(token, secret, json: false):
            let topic = token.topic.map { ", topic " + $0 } ?? ""
            let expires = token.expiresAt.map { ", expires " + Self.minute($0) } ?? ""
            output.append("added token \(token.name) (\(token.scope.rawValue)\(topic)\(expires)): \(secret)\n")
        case let .added(token, secret, json: true):
            try output.appendRow { buffer in
                Self.appendObject(token, to: &buffer) { buffer in
                    buffer.append(contentsOf: #","token":"#.utf8)
                    JSONWriter.appendString(secret, to: &buffer)
                }
                buffer.append(UInt8(ascii: "\n"))
            }
        case let .listed(tokens, now, json: false):
            guard !tokens.isEmpty else { return output.append("No API tokens.\n") }
            let rows = tokens.map { token in
                [token.name, token.scope.rawValue, token.topic ?? "-", Self.minute(token.createdAt),
                 token.expiresAt.map { Self.minute($0) + (token.isExpired(at: now) ? " expired" : "") } ?? "never"]
            }
            for line in TextColumns.render([Self.headers] + rows) { output.append(line + "\n") }
        case let .listed(tokens, now, json: true):
            try output.appendRow { buffer in
                buffer.append(UInt8(ascii: "["))
                for (index, token) in tokens.enumerated() {
                    buffer.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
                    Self.appendObject(token, to: &buffer) { buffer in
                        buffer.append(contentsOf: #","expired":"#.utf8)
                        buffer.append(contentsOf: (token.isExpired(at: now) ? "true" : "false").utf8)
                    }
                }
                buffer.append(contentsOf: (tokens.isEmpty ? "]\n" : "\n]\n").utf8)
            }
        case let .revoked(name):
            output.append("revoked token \(name)\n")
        }
    }

    /// `{"name":…,"scope":…,"topic":…|null,"createdAt":…,"expiresAt":…|null` and
    /// what `more` adds, closed: instants in ISO 8601 in the local zone with its
    /// offset, as `live list --json` prints them.
    private static func appendObject(_ token: APIToken, to buffer: inout [UInt8], _ more: (inout [UInt8]) -> Void) {
        buffer.append(contentsOf: #"{"name":"#.utf8)
        JSONWriter.appendString(token.name, to: &buffer)
        buffer.append(contentsOf: #","scope":"#.utf8)
        JSONWriter.appendString(token.scope.rawValue, to: &buffer)
        buffer.append(contentsOf: #","topic":"#.utf8)
        if let topic = token.topic { JSONWriter.appendString(topic, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(contentsOf: #","createdAt":""#.utf8)
        token.createdAt.appendText(to: &buffer)
        buffer.append(contentsOf: #"","expiresAt":"#.utf8)
        if let expiresAt = token.expiresAt {
            buffer.append(UInt8(ascii: "\""))
            expiresAt.appendText(to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        } else {
            JSONWriter.appendRaw("null", to: &buffer)
        }
        more(&buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// `2026-11-30 12:00`, in the local zone: to the minute, as people read it.
    private static func minute(_ instant: Instant) -> String {
        let wall = instant.localDateTime
        return "\(LocalDate(wall)) \(TimeOfDay(hour: wall.hour, minute: wall.minute)!)"
    }
}
