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
        try decoder.checkUniqueIDs()
        return decoder.activities
    }

    /// The same as `decodeArray(json:)`, from a parsed document.
    public static func decodeArray(_ json: JSONValue) throws(InvalidRecord) -> [Activity] {
        guard case let .array(elements) = json else { throw ImportDecoder.notAnArray(json) }
        var decoder = ImportDecoder()
        for (index, element) in elements.enumerated() { try decoder.add(element, index: index) }
        try decoder.checkUniqueIDs()
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
            guard case let .number(digits) = member else {
                throw InvalidRecord(index: index, field: field, message: "expected an integer \(range.lowerBound)…\(range.upperBound), found \(member.kindName)")
            }
            guard let number = Int(digits) else {
                // Digits alone that do not fit in an Int are an integer, just far out of range.
                let integral = digits.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (48...57).contains($0) }
                throw InvalidRecord(index: index, field: field, message: integral
                    ? "\(digits) is out of range (\(range.lowerBound)…\(range.upperBound))"
                    : "expected an integer \(range.lowerBound)…\(range.upperBound), found a non-integer number")
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

    static func notAnArray(_ value: JSONValue) -> InvalidRecord {
        InvalidRecord(index: 0, field: nil, message: "the file must hold a JSON array of activities, not \(value.kindName)")
    }

    mutating func add(_ element: JSONValue, index: Int) throws(InvalidRecord) {
        activities.append(try Activity.decode(element, index: index))
    }

    /// Refuses an id used twice, naming the earliest record that reuses one.
    /// Ids are compared byte for byte, as the store compares them (String
    /// equality would take "café" precomposed and decomposed for one id). A
    /// sort of (hash, index) pairs does this for a million records in a
    /// fraction of what a dictionary of strings costs.
    func checkUniqueIDs() throws(InvalidRecord) {
        var keys = activities.indices.map { (hash: fnv1a(activities[$0].id), index: $0) }
        keys.sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
        var reuse: (index: Int, first: Int)?
        var groupStart = 0
        while groupStart < keys.count {
            var groupEnd = groupStart + 1
            while groupEnd < keys.count && keys[groupEnd].hash == keys[groupStart].hash { groupEnd += 1 }
            // Within one hash, every later record is checked against the earlier ones.
            for later in (groupStart + 1)..<max(groupStart + 1, groupEnd) {
                for earlier in groupStart..<later
                where activities[keys[earlier].index].id.utf8.elementsEqual(activities[keys[later].index].id.utf8) {
                    if reuse == nil || keys[later].index < reuse!.index {
                        reuse = (keys[later].index, keys[earlier].index)
                    }
                    break
                }
            }
            groupStart = groupEnd
        }
        if let reuse {
            let id = activities[reuse.index].id
            throw InvalidRecord(index: reuse.index, field: "id", message: "'\(id)' is already used by record \(reuse.first)")
        }
    }
}
