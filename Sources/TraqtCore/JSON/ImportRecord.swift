/// One object of an import file (or of a request body), read field by field;
/// every failure names the record and the field.
struct ImportRecord {
    let value: JSONValue
    /// Nil for a request body, which holds one.
    let index: Int?

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

    /// The days, from `daysOfWeek` or `days`; nil when neither is given.
    func weekdays() throws(InvalidRecord) -> Weekdays? {
        try agreeing(
            "daysOfWeek", { (field) throws(InvalidRecord) in Weekdays(mask: try integer(field, in: Weekdays.range))! },
            "days", days, describe: { $0.names.joined(separator: ",") })
    }

    /// The time, from `timeOfDay` or `time`; nil when neither is given.
    func timeOfDay() throws(InvalidRecord) -> TimeOfDay? {
        try agreeing(
            "timeOfDay", { (field) throws(InvalidRecord) in TimeOfDay(minutes: try integer(field, in: TimeOfDay.range))! },
            "time", time, describe: { $0.description })
    }

    /// A value that may come in two fields (`timeOfDay` or `time`), nil when
    /// neither is there; when both are, they must mean the same.
    private func agreeing<T: Equatable>(
        _ primary: String, _ readPrimary: (String) throws(InvalidRecord) -> T,
        _ alternate: String, _ readAlternate: (String) throws(InvalidRecord) -> T,
        describe: (T) -> String
    ) throws(InvalidRecord) -> T? {
        switch (member(primary) != nil, member(alternate) != nil) {
        case (true, true):
            let first = try readPrimary(primary), second = try readAlternate(alternate)
            guard first == second else {
                throw error(alternate, "'\(describe(second))' disagrees with \(primary) (\(describe(first))); give one, or make them agree")
            }
            return first
        case (true, false): return try readPrimary(primary)
        case (false, true): return try readAlternate(alternate)
        case (false, false): return nil
        }
    }

    /// Neither of two fields that a value may come in.
    func missing(_ primary: String, or alternate: String) -> InvalidRecord {
        error(primary, "missing (give \(primary) or \(alternate))")
    }

    /// A string the model checks (`Activity.validate(id:)`); its refusal names the field.
    func text(_ field: String, checkedBy check: (String) throws(InvalidValue) -> Void) throws(InvalidRecord) -> String {
        let text = try self.text(field)
        do { try check(text) } catch { throw self.error(field, error.message) }
        return text
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
