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
    /// Appends the activity as one JSON object, the shape of `list --json`,
    /// `today --json` and `export`:
    /// `{"id":…,"name":…,"daysOfWeek":42,"timeOfDay":450,"days":["mon","wed","fri"],
    /// "time":"07:30","createdAt":"…Z","updatedAt":"…Z"}`.
    public func appendJSON(to buffer: inout [UInt8]) {
        JSONWriter.appendRaw("{\"id\":", to: &buffer)
        JSONWriter.appendString(id, to: &buffer)
        JSONWriter.appendRaw(",\"name\":", to: &buffer)
        JSONWriter.appendString(name, to: &buffer)
        JSONWriter.appendRaw(",\"daysOfWeek\":", to: &buffer)
        JSONWriter.appendInteger(days.mask, to: &buffer)
        JSONWriter.appendRaw(",\"timeOfDay\":", to: &buffer)
        JSONWriter.appendInteger(time.minutes, to: &buffer)
        JSONWriter.appendRaw(",\"days\":[", to: &buffer)
        for (position, name) in days.names.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(name, to: &buffer)
        }
        JSONWriter.appendRaw("],\"time\":", to: &buffer)
        JSONWriter.appendString(time.description, to: &buffer)
        if let createdAt {
            JSONWriter.appendRaw(",\"createdAt\":", to: &buffer)
            JSONWriter.appendString(Timestamp.iso8601(createdAt), to: &buffer)
        }
        if let updatedAt {
            JSONWriter.appendRaw(",\"updatedAt\":", to: &buffer)
            JSONWriter.appendString(Timestamp.iso8601(updatedAt), to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Reads an import file: a JSON array of objects with `id`, `name`,
    /// `daysOfWeek` (1…127) and `timeOfDay` (0…1439). Derived fields (`days`,
    /// `time`, timestamps) and unknown fields are ignored. The same id twice is
    /// an error, as is any invalid record: nothing is imported unless all are good.
    public static func decodeArray(_ json: JSONValue) throws(InvalidRecord) -> [Activity] {
        guard case let .array(elements) = json else {
            throw InvalidRecord(index: 0, field: nil, message: "the file must hold a JSON array of activities, not \(json.kindName)")
        }
        var activities: [Activity] = []
        activities.reserveCapacity(elements.count)
        // Keyed by bytes: String equality treats canonically equivalent ids ("café"
        // precomposed and decomposed) as one, but the store compares ids byte for byte.
        var firstIndexByID: [[UInt8]: Int] = [:]
        for (index, element) in elements.enumerated() {
            let activity = try decode(element, index: index)
            if let first = firstIndexByID.updateValue(index, forKey: Array(activity.id.utf8)) {
                throw InvalidRecord(index: index, field: "id", message: "'\(activity.id)' is already used by record \(first)")
            }
            activities.append(activity)
        }
        return activities
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
