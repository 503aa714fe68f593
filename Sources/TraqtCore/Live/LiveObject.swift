/// A JSON object as a live activity keeps it (its attributes or its state):
/// canonical compact UTF-8 JSON (`JSONValue.compactJSON`) of at most 4096
/// bytes, the limit Apple sets on a live activity's content.
public struct LiveObject: Equatable, Sendable {
    public static let byteLimit = 4096
    public static let empty = LiveObject(text: "{}")

    /// The compact JSON, as stored: the only form kept (a tree costs several
    /// times its text, and a push holds thousands of these).
    public let text: String

    /// The members, read from the text.
    public var members: [(key: String, value: JSONValue)] {
        guard case let .object(members)? = try? JSONParser.parse(Array(text.utf8)) else { return [] }
        return members
    }

    private init(text: String) { self.text = text }

    /// `value`, which must be an object; `field` names it in errors.
    public init(_ value: JSONValue, field: String) throws(LiveError) {
        guard case let .object(members) = value else {
            throw .notAnObject(field: field, found: value.kindName)
        }
        let text = JSONValue.object(members).compactJSON
        guard text.utf8.count <= Self.byteLimit else {
            throw .tooLarge(field: field, bytes: text.utf8.count)
        }
        self.init(text: text)
    }

    /// Reads stored JSON back (which was checked when it was stored).
    init(stored text: String) { self.init(text: text) }

    /// This object with the top-level members `changes` set: a name it has
    /// keeps its place and takes the new value; a new name is added at the end.
    public func setting(_ changes: [(key: String, value: JSONValue)], field: String) throws(LiveError) -> LiveObject {
        try LiveObject(.object(members + changes), field: field)
    }

    public static func == (lhs: LiveObject, rhs: LiveObject) -> Bool { lhs.text == rhs.text }
}
