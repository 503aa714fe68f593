import ArgumentParsing
import TraqtCore

/// The options the live commands and push share, and how their values are read.
enum LiveOptions {
    static let state = OptionSpec(
        "state", .value(name: "json"),
        help: "The content: a JSON object, at most 4096 bytes as compact JSON.")
    static let staleAfter = OptionSpec(
        "stale-after", .value(name: "duration"),
        help: "The content goes stale this long after now: 0, or e.g. 90s, 15m, 2h, 1h30m.")
    static let staleAt = OptionSpec(
        "stale-at", .value(name: "datetime"),
        help: "The content goes stale at this time: YYYY-MM-DDTHH:MM[:SS] local, or with a UTC offset (Z, -04:00), or HH:MM today.")
    static let relevance = OptionSpec(
        "relevance", .value(name: "number"),
        help: "Readers show the most relevant first (default 0; any number).")

    /// A JSON object given as an option's value. Not JSON, or not an object, is a
    /// usage error; over 4096 bytes as stored, a data error (`LiveError`).
    static func object(_ option: OptionSpec, field: String, _ context: Context) throws -> LiveObject? {
        guard let value = try context.parse(option, parseObject) else { return nil }
        return try LiveObject(value, field: field)
    }

    private static func parseObject(_ text: String) throws(InvalidValue) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw InvalidValue("\(error)")
        }
        guard case .object = value else { throw InvalidValue("expected a JSON object, not \(value.kindName)") }
        return value
    }

    /// `--stale-after DURATION` or `--stale-at DATETIME`, not both.
    static func stale(_ context: Context) throws(UsageError) -> StaleTime? {
        try context.refuseTogether(Self.staleAfter, Self.staleAt)
        if let span = try context.parse(Self.staleAfter, TimeSpan.parse) { return .after(span) }
        // A time alone is on the command's day: the one --now names, if given.
        let now = try context.now()
        return try context.parse(Self.staleAt) { (text) throws(InvalidValue) in
            try Instant.parse(text, today: { now.localDateTime })
        }.map(StaleTime.at)
    }

    static func relevance(_ context: Context) throws(UsageError) -> Double? {
        try context.parse(Self.relevance, parseRelevance)
    }

    /// A relevance: any finite number, as the command line and the server read it.
    static func parseRelevance(_ text: String) throws(InvalidValue) -> Double {
        guard let number = Double(text), number.isFinite else {
            throw InvalidValue("invalid number '\(text)'; expected e.g. 0, 50 or 0.5")
        }
        return number
    }

    /// `--id`: as an activity's id, not blank, no control characters, at most 200 bytes.
    static func id(_ option: OptionSpec, _ context: Context) throws(UsageError) -> String? {
        try context.parse(option, parseID)
    }

    static func parseID(_ text: String) throws(InvalidValue) -> String {
        try Activity.validate(id: text)
        return text
    }

    /// `--type`: any text but the empty one.
    static func type(_ option: OptionSpec, _ context: Context) throws(UsageError) -> String? {
        try context.parse(option, parseType)
    }

    static func parseType(_ text: String) throws(InvalidValue) -> String {
        guard !text.isEmpty else { throw InvalidValue("the type must not be empty") }
        return text
    }
}
