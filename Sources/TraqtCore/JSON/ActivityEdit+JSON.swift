extension ActivityEdit {
    /// The fields `decode(object:)` reads; a caller refuses any other, so that a
    /// typo is not taken for nothing to change.
    public static let jsonFields = ["name", "days", "daysOfWeek", "time", "timeOfDay", "newId"]

    /// An edit from one JSON object (an HTTP PATCH body): `name`, the days as
    /// `daysOfWeek` or `days`, the time as `timeOfDay` or `time`, read as an
    /// import reads them (both forms, when given, must agree), and `newId`.
    /// What is absent or null stays as it is. Other fields are not read.
    public static func decode(object value: JSONValue) throws(InvalidRecord) -> ActivityEdit {
        guard case .object = value else {
            throw InvalidRecord(index: nil, field: nil, message: "expected an object, found \(value.kindName)")
        }
        let record = ImportRecord(value: value, index: nil)
        func checked(_ field: String, _ check: (String) throws(InvalidValue) -> Void) throws(InvalidRecord) -> String? {
            record.member(field) == nil ? nil : try record.text(field, checkedBy: check)
        }
        return ActivityEdit(name: try checked("name", Activity.validate(name:)), days: try record.weekdays(),
                            time: try record.timeOfDay(), newID: try checked("newId", Activity.validate(id:)))
    }
}
