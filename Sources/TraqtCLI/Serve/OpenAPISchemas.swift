import TraqtCore

/// The JSON Schemas of the OpenAPI document's components, by the names routes
/// give for their bodies and answers (`APIRoute.body`, `APIRoute.answer`):
/// the shapes the `--json` outputs print (docs/json.md) and `import` reads.
enum OpenAPISchemas {
    static var all: [(key: String, value: JSONValue)] {
        let date = string("A date as the command line reads it: 2026-03-09, today, tomorrow, a weekday name.")
        let daysOfWeek = integer(1, 127, "Bit 0 is Sunday, bit 6 Saturday.")
        let timeOfDay = integer(0, 1439, "Minutes since midnight, local time.")
        let dayNames = JSONValue.object([("type", .string("array")), ("items", .object([
            ("type", .string("string")), ("enum", .array((Weekdays(mask: 127)?.names ?? []).map(JSONValue.string))),
        ]))])
        return [
            ("Problem", object([
                ("title", string("The status phrase.")), ("status", integer(400, 599, "The HTTP status.")),
                ("detail", string("What the command line would say.")),
                ("reason", string("The stable name of the error (docs/exit-codes.md).")),
            ], required: ["title", "status", "detail", "reason"])),
            ("Activity", object([
                ("id", string("Unique id.")), ("name", string("The name, exactly as given.")),
                ("daysOfWeek", daysOfWeek), ("timeOfDay", timeOfDay),
                ("days", dayNames), ("time", string("HH:MM.")),
                ("createdAt", dateTime), ("updatedAt", dateTime),
            ], required: ["id", "name", "daysOfWeek", "timeOfDay", "days", "time", "createdAt", "updatedAt"])),
            ("Activities", .object([("type", .string("array")), ("items", ref("Activity"))])),
            ("ActivityWrite", .object(object([
                ("id", string("When given, the path's id.")), ("name", string("The name.")),
                ("days", .object([("oneOf", .array([dayNames, string("As --days reads it: mon-fri, weekdays, daily.")]))])),
                ("daysOfWeek", daysOfWeek), ("time", string("As --at reads it: 07:30.")), ("timeOfDay", timeOfDay),
                ("createdAt", dateTime), ("updatedAt", dateTime),
            ], required: ["name"]).members + [
                // Each value in either of its forms (both: they must agree).
                ("allOf", .array([either("days", "daysOfWeek"), either("time", "timeOfDay")])),
            ])),
            ("DoneRequest", object([("date", date)], required: [])),
            ("SkipRequest", object([
                ("date", date), ("from", date), ("to", date),
            ], required: [], description: "date, or from and to (to defaults to from); today when none is given.")),
            ("MarkAnswer", object([
                ("id", string("The activity.")), ("from", dateText), ("to", dateText),
                ("changedDates", integer(0, nil, "How many days changed.")),
            ], required: ["id", "from", "to", "changedDates"])),
            ("Summary", .object([
                ("type", .string("object")),
                ("description", .string("As summary --json prints it: the day, or with week=true the week (weekOf, days, timeSpent).")),
            ])),
            ("LiveActivities", .object([
                ("type", .string("array")), ("items", .object([("type", .string("object"))])),
                ("description", .string("As live list --json prints them.")),
            ])),
        ]
    }

    static func ref(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/components/schemas/" + name))])
    }

    static func string(_ description: String) -> JSONValue {
        .object([("type", .string("string")), ("description", .string(description))])
    }

    private static let dateTime = JSONValue.object([("type", .string("string")), ("format", .string("date-time"))])
    private static let dateText = JSONValue.object([("type", .string("string")), ("format", .string("date"))])

    private static func integer(_ minimum: Int, _ maximum: Int?, _ description: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string("integer")), ("minimum", .number(String(minimum))), ("description", .string(description)),
        ]
        if let maximum { members.insert(("maximum", .number(String(maximum))), at: 2) }
        return .object(members)
    }

    private static func object(_ properties: [(key: String, value: JSONValue)], required: [String],
                               description: String? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        if let description { members.append(("description", .string(description))) }
        return .object(members)
    }

    private static func either(_ first: String, _ second: String) -> JSONValue {
        .object([("anyOf", .array([.object([("required", .array([.string(first)]))]),
                                   .object([("required", .array([.string(second)]))])]))])
    }
}

extension JSONValue {
    /// An object's members; none for anything else.
    var members: [(key: String, value: JSONValue)] {
        guard case let .object(members) = self else { return [] }
        return members
    }
}
