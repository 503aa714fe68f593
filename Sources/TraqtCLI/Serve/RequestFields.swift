import TraqtCore

/// The members of a JSON request body, read by name: absent and null are the
/// same; a member of the wrong JSON type is refused (422) naming it, and text
/// its parser refuses is a bad argument (400) naming it. A member the endpoint
/// does not take is refused when the body is read, so that a typo is never
/// taken for a field left out.
struct RequestFields {
    private let body: JSONValue

    /// `body`, which must be an object of no members but `known`.
    init(_ body: JSONValue, known: [String]) throws(APIError) {
        guard case let .object(members) = body else {
            throw .invalidBody(message: "expected an object, found \(body.kindName)")
        }
        var unknown: [String] = []
        for member in members where !known.contains(member.key) && !unknown.contains(member.key) {
            unknown.append(member.key)
        }
        guard unknown.isEmpty else {
            let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
            throw .invalidBody(message: "unknown field\(unknown.count == 1 ? "" : "s") \(names); the fields are \(known.joined(separator: ", "))")
        }
        self.body = body
    }

    /// The member, nil when absent or null.
    func value(_ name: String) -> JSONValue? {
        guard let value = body[name], value != .null else { return nil }
        return value
    }

    /// No member but nulls.
    var isEmpty: Bool {
        guard case let .object(members) = body else { return true }
        return members.allSatisfy { $0.value == .null }
    }

    func string(_ name: String) throws(APIError) -> String? {
        guard let value = value(name) else { return nil }
        guard case let .string(text) = value else { throw Self.wrongType(name, "a string", value) }
        return text
    }

    /// A string read by the parser of the matching command-line option.
    func parsed<T>(_ name: String, _ parse: (String) throws(InvalidValue) -> T) throws(APIError) -> T? {
        guard let text = try string(name) else { return nil }
        return try Self.read(name, text, parse)
    }

    /// A number, its text read by the parser of the matching command-line option.
    func number<T>(_ name: String, _ parse: (String) throws(InvalidValue) -> T) throws(APIError) -> T? {
        guard let value = value(name) else { return nil }
        guard case let .number(text) = value else { throw Self.wrongType(name, "a number", value) }
        return try Self.read(name, text, parse)
    }

    /// An object's members, in order.
    func object(_ name: String) throws(APIError) -> [(key: String, value: JSONValue)]? {
        guard let value = value(name) else { return nil }
        guard case let .object(members) = value else { throw Self.wrongType(name, "an object", value) }
        return members
    }

    /// Refuses two members that exclude each other, as the command line refuses
    /// their options together.
    func refuseTogether(_ first: String, _ second: String) throws(APIError) {
        if value(first) != nil && value(second) != nil {
            throw .invalidParameter(name: second, message: "cannot be given with \(first)")
        }
    }

    private static func read<T>(_ name: String, _ text: String, _ parse: (String) throws(InvalidValue) -> T) throws(APIError) -> T {
        do { return try parse(text) } catch { throw .invalidParameter(name: name, message: error.message) }
    }

    private static func wrongType(_ name: String, _ expected: String, _ value: JSONValue) -> APIError {
        .invalidBody(message: "'\(name)' must be \(expected), not \(value.kindName)")
    }
}
