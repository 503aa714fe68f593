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
            throw InvalidRecord(index: 0, field: nil, message: "expected an object, found \(value.kindName)")
        }
        if let given = value["id"], given != .null {
            guard case let .string(text) = given, text.utf8.elementsEqual(id.utf8) else {
                throw InvalidRecord(index: 0, field: "id", message: "differs from the id in the path")
            }
        } else {
            members.append(("id", .string(id)))
        }
        return try decode(.object(members), index: 0)
    }

    static func decode(_ value: JSONValue, index: Int) throws(InvalidRecord) -> Activity {
        guard case .object = value else {
            throw InvalidRecord(index: index, field: nil, message: "expected an object, found \(value.kindName)")
        }
        let record = ImportRecord(value: value, index: index)
        let id = try record.text("id")
        do { try Activity.validate(id: id) } catch {
            throw InvalidRecord(index: index, field: "id", message: error.message)
        }
        let name = try record.text("name")
        do { try Activity.validate(name: name) } catch {
            throw InvalidRecord(index: index, field: "name", message: error.message)
        }
        let days = try record.agreeing(
            "daysOfWeek", { (field) throws(InvalidRecord) in Weekdays(mask: try record.integer(field, in: Weekdays.range))! },
            "days", record.days, describe: { $0.names.joined(separator: ",") })
        let time = try record.agreeing(
            "timeOfDay", { (field) throws(InvalidRecord) in TimeOfDay(minutes: try record.integer(field, in: TimeOfDay.range))! },
            "time", record.time, describe: { $0.description })
        return Activity(id: id, name: name, days: days, time: time,
                        createdAt: try record.timestamp("createdAt"), updatedAt: try record.timestamp("updatedAt"))
    }
}

/// One object of an import file, read field by field; every failure names the
/// record and the field.
private struct ImportRecord {
    let value: JSONValue
    let index: Int

    func error(_ field: String, _ message: String) -> InvalidRecord {
        InvalidRecord(index: index, field: field, message: message)
    }

    /// The member, nil when absent or null.
    func member(_ field: String) -> JSONValue? {
        guard let member = value[field], member != .null else { return nil }
        return member
    }

    func text(_ field: String) throws(InvalidRecord) -> String {
        guard let member = member(field) else { throw error(field, "missing") }
        guard case let .string(text) = member else {
            throw error(field, "expected a string, found \(member.kindName)")
        }
        return text
    }

    func integer(_ field: String, in range: ClosedRange<Int>) throws(InvalidRecord) -> Int {
        guard let member = member(field) else { throw error(field, "missing") }
        guard case let .number(digits) = member else {
            throw error(field, "expected an integer \(range.lowerBound)…\(range.upperBound), found \(member.kindName)")
        }
        guard let number = Int(digits) else {
            // Digits alone that do not fit in an Int are an integer, just far out of range.
            let integral = digits.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (48...57).contains($0) }
            throw error(field, integral
                ? "\(digits) is out of range (\(range.lowerBound)…\(range.upperBound))"
                : "expected an integer \(range.lowerBound)…\(range.upperBound), found a non-integer number")
        }
        guard range.contains(number) else {
            throw error(field, "\(number) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        return number
    }

    /// `days`: an array of day names (`["mon","wed"]`, as export writes it) or
    /// one string as `--days` reads it (`"mon-fri"`).
    func days(_ field: String) throws(InvalidRecord) -> Weekdays {
        let text: String
        switch member(field) {
        case let .string(string)?:
            text = string
        case let .array(elements)?:
            var names: [String] = []
            for element in elements {
                guard case let .string(name) = element, Weekdays.weekday(named: name) != nil else {
                    throw error(field, "expected day names such as \"mon\", found \(element.kindName == "a string" ? "an unknown day" : element.kindName)")
                }
                names.append(name)
            }
            guard !names.isEmpty else { throw error(field, "has no days") }
            text = names.joined(separator: ",")
        case let other?:
            throw error(field, "expected an array of day names, found \(other.kindName)")
        case nil:
            throw error(field, "missing")
        }
        do { return try Weekdays.parse(text) } catch { throw self.error(field, error.message) }
    }

    /// `time`: a time of day as `--at` reads it (`"07:30"`).
    func time(_ field: String) throws(InvalidRecord) -> TimeOfDay {
        let text = try self.text(field)
        do { return try TimeOfDay.parse(text) } catch { throw self.error(field, error.message) }
    }

    /// A value that may come in two fields (`timeOfDay` or `time`): at least
    /// one must be there, and when both are, they must mean the same.
    func agreeing<T: Equatable>(
        _ primary: String, _ readPrimary: (String) throws(InvalidRecord) -> T,
        _ alternate: String, _ readAlternate: (String) throws(InvalidRecord) -> T,
        describe: (T) -> String
    ) throws(InvalidRecord) -> T {
        switch (member(primary) != nil, member(alternate) != nil) {
        case (true, true):
            let first = try readPrimary(primary), second = try readAlternate(alternate)
            guard first == second else {
                throw error(alternate, "'\(describe(second))' disagrees with \(primary) (\(describe(first))); give one, or make them agree")
            }
            return first
        case (true, false): return try readPrimary(primary)
        case (false, true): return try readAlternate(alternate)
        case (false, false): throw error(primary, "missing (give \(primary) or \(alternate))")
        }
    }

    /// `createdAt`/`updatedAt`: ISO 8601 with a UTC offset, as export writes
    /// them; nil when absent.
    func timestamp(_ field: String) throws(InvalidRecord) -> Int? {
        guard member(field) != nil else { return nil }
        let text = try self.text(field)
        let instant: Instant
        do { instant = try Instant.parseTimestamp(text) } catch { throw self.error(field, error.message) }
        guard Timestamp.representable.contains(instant.seconds) else {
            throw self.error(field, SupportedDates.outside(text).message)
        }
        return instant.seconds
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
