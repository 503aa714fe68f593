/// A record of an import file that cannot be used: which one (0-based; nil
/// for the one object of a request body), which field, and why.
public struct InvalidRecord: Error, Equatable, Sendable, CustomStringConvertible {
    public let index: Int?
    public let field: String?
    public let message: String

    public var description: String {
        switch (index, field) {
        case let (index?, field?): "record \(index), field '\(field)': \(message)"
        case let (index?, nil): "record \(index): \(message)"
        case let (nil, field?): "field '\(field)': \(message)"
        case (nil, nil): "the body: \(message)"
        }
    }
}

extension InvalidRecord: ReportableError {
    public var userMessage: String { description }
    public var reason: ErrorReason { .invalid }
}

extension Activity {
    /// Appends the activity as one JSON object, the shape `ActivityJSONEncoder` writes.
    public func appendJSON(to buffer: inout [UInt8]) {
        var encoder = ActivityJSONEncoder()
        encoder.append(self, to: &buffer)
    }

    /// Reads an import file: a JSON array of objects with `id`, `name`, the
    /// days as `daysOfWeek` (mask 1…127) or `days` (names, or one string as
    /// `--days` reads it), the time as `timeOfDay` (minutes 0…1439) or `time`
    /// (as `--at` reads it), and optionally `createdAt` and `updatedAt` (ISO
    /// 8601), which are kept. When both forms of a value are given they must
    /// agree, so that editing `time` in an export is never silently ignored.
    /// Unknown fields are ignored. The same id twice is an error, as is any
    /// invalid record: nothing is imported unless all are good.
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

    /// One object of the import shape, as an HTTP body sends it: its `id`
    /// may be left out (the request's path names it), and must be `id` if given.
    public static func decode(object value: JSONValue, id: String) throws(InvalidRecord) -> Activity {
        guard case var .object(members) = value else {
            throw InvalidRecord(index: nil, field: nil, message: "expected an object, found \(value.kindName)")
        }
        if let given = value["id"], given != .null {
            guard case let .string(text) = given, text.utf8.elementsEqual(id.utf8) else {
                throw InvalidRecord(index: nil, field: "id", message: "differs from the id in the path")
            }
        } else {
            members.append(("id", .string(id)))
        }
        return try decode(.object(members), index: nil)
    }

    static func decode(_ value: JSONValue, index: Int?) throws(InvalidRecord) -> Activity {
        guard case .object = value else {
            throw InvalidRecord(index: index, field: nil, message: "expected an object, found \(value.kindName)")
        }
        let record = ImportRecord(value: value, index: index)
        let id = try record.text("id", checkedBy: Activity.validate(id:))
        let name = try record.text("name", checkedBy: Activity.validate(name:))
        guard let days = try record.weekdays() else { throw record.missing("daysOfWeek", or: "days") }
        guard let time = try record.timeOfDay() else { throw record.missing("timeOfDay", or: "time") }
        return Activity(id: id, name: name, days: days, time: time,
                        createdAt: try record.timestamp("createdAt"), updatedAt: try record.timestamp("updatedAt"))
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
