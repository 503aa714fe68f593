/// A record of an import file that cannot be used: which one (0-based), which
/// field, and why.
public struct InvalidRecord: Error, Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let field: String?
    public let message: String

    public var description: String {
        if let field { return "record \(index), field '\(field)': \(message)" }
        return "record \(index): \(message)"
    }
}

extension Activity {
    /// Appends the activity as one JSON object, the shape `ActivityJSONEncoder` writes.
    public func appendJSON(to buffer: inout [UInt8]) {
        var encoder = ActivityJSONEncoder()
        encoder.append(self, to: &buffer)
    }

    /// Reads an import file: a JSON array of objects with `id`, `name`,
    /// `daysOfWeek` (1…127) and `timeOfDay` (0…1439). Derived fields (`days`,
    /// `time`, timestamps) and unknown fields are ignored. The same id twice is
    /// an error, as is any invalid record: nothing is imported unless all are good.
    /// Throws `JSONSyntaxError` or `InvalidRecord`.
    public static func decodeArray(json bytes: [UInt8]) throws -> [Activity] {
        var decoder = ImportDecoder()
        try JSONParser.forEachElement(ofArray: bytes, { element, index in
            try decoder.add(element, index: index)
        }, notAnArray: { value in throw ImportDecoder.notAnArray(value) })
        return decoder.activities
    }

    /// The same as `decodeArray(json:)`, from a parsed document.
    public static func decodeArray(_ json: JSONValue) throws(InvalidRecord) -> [Activity] {
        guard case let .array(elements) = json else { throw ImportDecoder.notAnArray(json) }
        var decoder = ImportDecoder()
        for (index, element) in elements.enumerated() { try decoder.add(element, index: index) }
        return decoder.activities
    }

    static func decode(_ value: JSONValue, index: Int) throws(InvalidRecord) -> Activity {
        guard case .object = value else {
            throw InvalidRecord(index: index, field: nil, message: "expected an object, found \(value.kindName)")
        }
        func text(_ field: String) throws(InvalidRecord) -> String {
            guard let member = value[field] else { throw InvalidRecord(index: index, field: field, message: "missing") }
            guard case let .string(text) = member else {
                throw InvalidRecord(index: index, field: field, message: "expected a string, found \(member.kindName)")
            }
            return text
        }
        func integer(_ field: String, in range: ClosedRange<Int>) throws(InvalidRecord) -> Int {
            guard let member = value[field] else { throw InvalidRecord(index: index, field: field, message: "missing") }
            guard case let .number(digits) = member, let number = Int(digits) else {
                throw InvalidRecord(index: index, field: field, message: "expected an integer \(range.lowerBound)…\(range.upperBound), found \(member.kindName == "a number" ? "a non-integer number" : member.kindName)")
            }
            guard range.contains(number) else {
                throw InvalidRecord(index: index, field: field, message: "\(number) is out of range (\(range.lowerBound)…\(range.upperBound))")
            }
            return number
        }
        let id = try text("id")
        do { try Activity.validate(id: id) } catch {
            throw InvalidRecord(index: index, field: "id", message: error.message)
        }
        let name = try text("name")
        do { try Activity.validate(name: name) } catch {
            throw InvalidRecord(index: index, field: "name", message: error.message)
        }
        let mask = try integer("daysOfWeek", in: Weekdays.range)
        let minutes = try integer("timeOfDay", in: TimeOfDay.range)
        return Activity(id: id, name: name, days: Weekdays(mask: mask)!, time: TimeOfDay(minutes: minutes)!)
    }
}

/// Collects the records of an import, refusing a second use of an id.
private struct ImportDecoder {
    var activities: [Activity] = []
    /// Keyed by bytes: String equality treats canonically equivalent ids ("café"
    /// precomposed and decomposed) as one, but the store compares ids byte for byte.
    private var firstIndexByID: [ExactText: Int] = [:]

    static func notAnArray(_ value: JSONValue) -> InvalidRecord {
        InvalidRecord(index: 0, field: nil, message: "the file must hold a JSON array of activities, not \(value.kindName)")
    }

    mutating func add(_ element: JSONValue, index: Int) throws(InvalidRecord) {
        let activity = try Activity.decode(element, index: index)
        if let first = firstIndexByID.updateValue(index, forKey: ExactText(activity.id)) {
            throw InvalidRecord(index: index, field: "id", message: "'\(activity.id)' is already used by record \(first)")
        }
        activities.append(activity)
    }
}

/// Text compared and hashed by its UTF-8 bytes, as SQLite compares it.
struct ExactText: Hashable {
    let text: String
    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
