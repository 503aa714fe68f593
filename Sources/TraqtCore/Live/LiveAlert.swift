/// The alert a push sent with an event (`title`, `body`, `sound`, or the
/// localized forms `title-loc-key`/`title-loc-args`, `loc-key`/`loc-args`),
/// as readers show it. There are no localization tables here: a key is shown
/// with its arguments put in (`%@` in order, `%1$@` by position).
public struct LiveAlert: Equatable, Sendable {
    public var title: String?
    public var body: String?

    /// Reads a stored alert; nil unless it is a JSON object.
    public init?(stored text: String) {
        guard case let .object(members)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        let alert = JSONValue.object(members)
        title = Self.text(alert, "title", key: "title-loc-key", arguments: "title-loc-args")
        body = Self.text(alert, "body", key: "loc-key", arguments: "loc-args")
    }

    /// `Title: body`, or whichever of the two it has; nil when it has neither.
    public var line: String? {
        switch (title, body) {
        case let (title?, body?): "\(title): \(body)"
        case let (title?, nil): title
        case let (nil, body?): body
        case (nil, nil): nil
        }
    }

    private static func text(_ alert: JSONValue, _ name: String, key: String, arguments: String) -> String? {
        if case let .string(text)? = alert[name], !text.isEmpty { return text }
        guard case let .string(format)? = alert[key], !format.isEmpty else { return nil }
        var values: [String] = []
        if case let .array(items)? = alert[arguments] {
            values = items.map { if case let .string(text) = $0 { text } else { $0.compactJSON } }
        }
        return substitute(format, values)
    }

    /// Puts `values` into a format's `%@` (next in order) and `%N$@` (the Nth);
    /// `%%` is a percent sign; anything else is kept as written.
    static func substitute(_ format: String, _ values: [String]) -> String {
        var result = "", next = 0
        var scalars = Substring(format).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            if scalars.first == "%" { scalars.removeFirst(); result += "%"; continue }
            if scalars.first == "@" {
                scalars.removeFirst()
                result += next < values.count ? values[next] : ""
                next += 1
                continue
            }
            let digits = scalars.prefix { ("0"..."9").contains($0) }
            let rest = scalars.dropFirst(digits.count)
            if !digits.isEmpty, rest.starts(with: "$@".unicodeScalars), let position = Int(String(digits)), position >= 1 {
                result += position <= values.count ? values[position - 1] : ""
                scalars = rest.dropFirst(2)
                continue
            }
            result += "%"
        }
        return result
    }
}
