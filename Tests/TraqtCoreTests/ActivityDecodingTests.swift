import Testing
@testable import TraqtCore

/// Decodes an import document written as JSON text.
private func decode(_ json: String) throws -> [Activity] {
    try Activity.decodeArray(JSONParser.parse(Array(json.utf8)))
}

/// The InvalidRecord that decoding `json` throws.
private func failure(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InvalidRecord {
    let value = try JSONParser.parse(Array(json.utf8))
    let error = #expect(throws: InvalidRecord.self, sourceLocation: sourceLocation) { try Activity.decodeArray(value) }
    return try #require(error, sourceLocation: sourceLocation)
}

private let good = #"{"id":"walk","name":"Walk","daysOfWeek":42,"timeOfDay":450}"#

@Suite("Activity.decodeArray: reading import files")
struct ActivityDecodingTests {
    @Test("A valid file gives its activities in file order")
    func valid() throws {
        let activities = try decode("""
            [
              {"id": "walk", "name": "Walk the dog", "daysOfWeek": 127, "timeOfDay": 450},
              {"id": "read", "name": "Read", "daysOfWeek": 1, "timeOfDay": 0},
              {"id": "late", "name": "Late", "daysOfWeek": 64, "timeOfDay": 1439}
            ]
            """)
        #expect(activities.map(\.id) == ["walk", "read", "late"])
        #expect(activities[0].name == "Walk the dog")
        #expect(activities[0].days == .daily)
        #expect(activities[0].time.description == "07:30")
        #expect(activities[1].days.names == ["sun"])
        #expect(activities[2].time.minutes == 1439)
        #expect(activities.allSatisfy { $0.createdAt == nil && $0.updatedAt == nil })
    }

    @Test("An empty array is an empty import")
    func empty() throws {
        #expect(try decode("[]").isEmpty)
    }

    @Test("Unknown fields are ignored; days and time that agree with the numbers are accepted")
    func ignoredFields() throws {
        let activities = try decode("""
            [{"id":"walk","name":"Walk","daysOfWeek":42,"timeOfDay":450,
              "days":["mon","wed","fri"],"time":"07:30",
              "colour":"blue","nested":{"a":[1,2,{"b":null}]},"flag":true}]
            """)
        try #require(activities.count == 1)
        #expect(activities[0].days.mask == 42)
        #expect(activities[0].time.minutes == 450)
        #expect(activities[0].createdAt == nil)
    }

    @Test("time and days may stand in for timeOfDay and daysOfWeek", arguments: [
        (#"{"id":"a","name":"A","days":["mon","wed","fri"],"time":"07:30"}"#, 42, 450),
        (#"{"id":"a","name":"A","days":"mon-fri","time":"7pm"}"#, 62, 1140),
        (#"{"id":"a","name":"A","days":"1-5","timeOfDay":0}"#, 62, 0),
        (#"{"id":"a","name":"A","daysOfWeek":65,"time":"noon"}"#, 65, 720),
        (#"{"id":"a","name":"A","daysOfWeek":65,"timeOfDay":null,"time":"00:01"}"#, 65, 1),
    ])
    func alternateFields(record: String, mask: Int, minutes: Int) throws {
        let activity = try #require(try decode("[\(record)]").first)
        #expect(activity.days.mask == mask)
        #expect(activity.time.minutes == minutes)
    }

    @Test("When both forms are given and disagree, the record is refused naming the field", arguments: [
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"time":"23:59"}"#, "time", "disagrees with timeOfDay (07:30)"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"days":["sun"]}"#, "days", "disagrees with daysOfWeek (mon,wed,fri)"),
        (#"{"id":"a","name":"A","days":["mon","funday"],"timeOfDay":450}"#, "days", "unknown day"),
        (#"{"id":"a","name":"A","days":[],"timeOfDay":450}"#, "days", "has no days"),
        (#"{"id":"a","name":"A","days":42,"timeOfDay":450}"#, "days", "expected an array of day names"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"time":"25:00"}"#, "time", "invalid time '25:00'"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"time":450}"#, "time", "expected a string, found a number"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"createdAt":"not a date"}"#, "createdAt", "invalid timestamp"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"updatedAt":17}"#, "updatedAt", "expected a string"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"updatedAt":"2026-11-29T22:52:03"}"#, "updatedAt", "with a UTC offset"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"createdAt":"1969-12-31T23:59:59Z"}"#, "createdAt", "outside the dates traqt supports, 1970-01-01 to 9999-12-31"),
        (#"{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,"createdAt":"9999-12-31T23:00:00-05:00"}"#, "createdAt", "outside the dates traqt supports"),
    ])
    func disagreeing(record: String, field: String, message: String) throws {
        let error = try failure("[\(good), \(record)]")
        #expect(error.index == 1)
        #expect(error.field == field)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("createdAt and updatedAt are kept when given")
    func timestamps() throws {
        let activity = try #require(try decode("""
            [{"id":"a","name":"A","daysOfWeek":42,"timeOfDay":450,
              "createdAt":"2026-11-29T22:52:03Z","updatedAt":"2026-11-30T01:00:00+01:00"}]
            """).first)
        #expect(activity.createdAt == 1_795_992_723)
        #expect(activity.updatedAt == 1_795_996_800)
    }

    @Test("Members may come in any order; a repeated member counts once, its last value")
    func memberOrder() throws {
        let activities = try decode("""
            [{"timeOfDay":450,"daysOfWeek":42,"name":"Walk","id":"first","id":"walk"}]
            """)
        #expect(activities.map(\.id) == ["walk"])
    }

    @Test("The top level must be an array", arguments: [
        (good, "an object"), (#""walk""#, "a string"), ("42", "a number"), ("null", "null"), ("true", "a boolean"),
    ])
    func topLevel(json: String, kind: String) throws {
        let error = try failure(json)
        #expect(error.index == 0)
        #expect(error.field == nil)
        #expect(error.message == "the file must hold a JSON array of activities, not \(kind)")
    }

    @Test("Each element must be an object", arguments: [
        ("[\(good), 1]", 1, "a number"), ("[[]]", 0, "an array"), ("[\(good), \(good.replacingWalk("b")), null]", 2, "null"),
    ])
    func elements(json: String, index: Int, kind: String) throws {
        let error = try failure(json)
        #expect(error.index == index)
        #expect(error.field == nil)
        #expect(error.message == "expected an object, found \(kind)")
        #expect(error.description == "record \(index): expected an object, found \(kind)")
    }

    @Test("A missing field is named with its record's 0-based index",
          arguments: ["id", "name", "daysOfWeek", "timeOfDay"])
    func missingField(field: String) throws {
        let members = [#""id":"b""#, #""name":"B""#, #""daysOfWeek":1"#, #""timeOfDay":0"#]
        let kept = zip(["id", "name", "daysOfWeek", "timeOfDay"], members).filter { $0.0 != field }.map(\.1)
        let error = try failure("[\(good), {\(kept.joined(separator: ","))}]")
        #expect(error.index == 1)
        #expect(error.field == field)
        // The days and the time may come in either of two fields: the message names both.
        let alternate = ["daysOfWeek": " (give daysOfWeek or days)", "timeOfDay": " (give timeOfDay or time)"][field] ?? ""
        #expect(error.message == "missing" + alternate)
        #expect(error.description == "record 1, field '\(field)': missing" + alternate)
    }

    @Test("A field of the wrong type names what was found", arguments: [
        (#"{"id":7,"name":"A","daysOfWeek":1,"timeOfDay":0}"#, "id", "expected a string, found a number"),
        (#"{"id":null,"name":"A","daysOfWeek":1,"timeOfDay":0}"#, "id", "missing"),
        (#"{"id":"a","name":["A"],"daysOfWeek":1,"timeOfDay":0}"#, "name", "expected a string, found an array"),
        (#"{"id":"a","name":"A","daysOfWeek":"42","timeOfDay":0}"#, "daysOfWeek", "expected an integer 1…127, found a string"),
        (#"{"id":"a","name":"A","daysOfWeek":true,"timeOfDay":0}"#, "daysOfWeek", "expected an integer 1…127, found a boolean"),
        (#"{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":"07:30"}"#, "timeOfDay", "expected an integer 0…1439, found a string"),
        (#"{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":{}}"#, "timeOfDay", "expected an integer 0…1439, found an object"),
    ])
    func wrongType(record: String, field: String, message: String) throws {
        let error = try failure("[\(good), \(good.replacingWalk("x")), \(record)]")
        #expect(error.index == 2)
        #expect(error.field == field)
        #expect(error.message == message)
    }

    @Test("A number that is not an integer is refused as such", arguments: [
        ("daysOfWeek", "1.5", "1…127"), ("daysOfWeek", "4.2e1", "1…127"), ("daysOfWeek", "42.0", "1…127"),
        ("timeOfDay", "450.5", "0…1439"), ("timeOfDay", "1e2", "0…1439"),
    ])
    func nonInteger(field: String, number: String, range: String) throws {
        let other = field == "daysOfWeek" ? #""timeOfDay":0"# : #""daysOfWeek":1"#
        let error = try failure(#"[{"id":"a","name":"A",\#(other),"\#(field)":\#(number)}]"#)
        #expect(error.index == 0)
        #expect(error.field == field)
        #expect(error.message == "expected an integer \(range), found a non-integer number")
    }

    @Test("Out-of-range days and times are refused with the range", arguments: [
        ("daysOfWeek", "0", "1…127"), ("daysOfWeek", "128", "1…127"), ("daysOfWeek", "-1", "1…127"),
        ("daysOfWeek", "-0", "1…127"),
        ("timeOfDay", "-1", "0…1439"), ("timeOfDay", "1440", "0…1439"), ("timeOfDay", "100000", "0…1439"),
    ])
    func outOfRange(field: String, number: String, range: String) throws {
        let other = field == "daysOfWeek" ? #""timeOfDay":0"# : #""daysOfWeek":1"#
        let error = try failure(#"[\#(good),{"id":"a","name":"A",\#(other),"\#(field)":\#(number)}]"#)
        #expect(error.index == 1)
        #expect(error.field == field)
        #expect(error.message == "\(Int(number)!) is out of range (\(range))")
    }

    @Test("The bounds themselves are accepted, and -0 is zero")
    func bounds() throws {
        let activities = try decode("""
            [{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0},
             {"id":"b","name":"B","daysOfWeek":127,"timeOfDay":1439},
             {"id":"c","name":"C","daysOfWeek":64,"timeOfDay":-0}]
            """)
        #expect(activities.map(\.days.mask) == [1, 127, 64])
        #expect(activities.map(\.time.minutes) == [0, 1439, 0])
    }

    @Test("Empty or blank names are refused", arguments: ["", " ", "\t\n", "\u{a0}"])
    func emptyName(name: String) throws {
        var buffer = Array(#"[{"id":"a","daysOfWeek":1,"timeOfDay":0,"name":"#.utf8)
        JSONWriter.appendString(name, to: &buffer)
        buffer += Array("}]".utf8)
        let error = #expect(throws: InvalidRecord.self) { try Activity.decodeArray(JSONParser.parse(buffer)) }
        #expect(error?.index == 0)
        #expect(error?.field == "name")
        #expect(error?.message == "the name must not be empty")
    }

    @Test("Invalid ids are refused with the id rules", arguments: [
        ("", "the id must not be empty"),
        ("   ", "the id must not be empty"),
        ("a\nb", "the id must not contain control characters"),
        (String(repeating: "x", count: 201), "the id is longer than 200 bytes"),
    ])
    func invalidID(id: String, message: String) throws {
        var buffer = Array(#"[{"name":"A","daysOfWeek":1,"timeOfDay":0,"id":"#.utf8)
        JSONWriter.appendString(id, to: &buffer)
        buffer += Array("}]".utf8)
        let error = #expect(throws: InvalidRecord.self) { try Activity.decodeArray(JSONParser.parse(buffer)) }
        #expect(error?.field == "id")
        #expect(error?.message == message)
    }

    @Test("A repeated id names the second record and the first one")
    func duplicateID() throws {
        let error = try failure("""
            [{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0},
             {"id":"walk","name":"First","daysOfWeek":1,"timeOfDay":0},
             {"id":"b","name":"B","daysOfWeek":1,"timeOfDay":0},
             {"id":"walk","name":"Second","daysOfWeek":2,"timeOfDay":5}]
            """)
        #expect(error.index == 3)
        #expect(error.field == "id")
        #expect(error.message == "'walk' is already used by record 1")
        #expect(error.description == "record 3, field 'id': 'walk' is already used by record 1")
    }

    @Test("Ids differing only in case or in Unicode normalisation are different ids, as in the store")
    func idsAreExact() throws {
        let activities = try decode("""
            [{"id":"walk","name":"A","daysOfWeek":1,"timeOfDay":0},
             {"id":"Walk","name":"B","daysOfWeek":1,"timeOfDay":0},
             {"id":"caf\\u00e9","name":"C","daysOfWeek":1,"timeOfDay":0},
             {"id":"cafe\\u0301","name":"D","daysOfWeek":1,"timeOfDay":0}]
            """)
        #expect(activities.map(\.name) == ["A", "B", "C", "D"])
        #expect(Array(activities[2].id.unicodeScalars) != Array(activities[3].id.unicodeScalars))
    }

    @Test("What the store exports imports again, even ids that are canonically equivalent")
    func storeExportImports() throws {
        try withTemporaryDirectory { directory in
            let store = try ActivityStore.openForWriting(.sqlite(directory + "/traqt.sqlite"), createIfMissing: true)
            let time = try TimeOfDay.parse("08:00")
            let precomposed = Activity(id: "caf\u{e9}", name: "Precomposed", days: .daily, time: time)
            let decomposed = Activity(id: "cafe\u{301}", name: "Decomposed", days: .weekends, time: time)
            #expect(try store.upsert(contentsOf: [precomposed, decomposed], now: 5) == [.added, .added])
            var exported = Array("[".utf8)
            try store.forEachActivity { activity in
                if exported.count > 1 { exported.append(UInt8(ascii: ",")) }
                activity.appendJSON(to: &exported)
            }
            exported.append(UInt8(ascii: "]"))
            let imported = try Activity.decodeArray(JSONParser.parse(exported))
            #expect(imported.count == 2)
            #expect(Set(imported.map(\.name)) == ["Precomposed", "Decomposed"])
        }
    }

    @Test("The first bad record stops decoding, whatever follows")
    func firstErrorWins() throws {
        let error = try failure("""
            [{"id":"a","name":"A","daysOfWeek":1,"timeOfDay":0},
             {"id":"b","name":"","daysOfWeek":0,"timeOfDay":0},
             {"id":"c"}]
            """)
        #expect(error.index == 1)
        #expect(error.field == "name")
    }

    @Test("Fields are checked in the order id, name, daysOfWeek, timeOfDay")
    func fieldOrder() throws {
        #expect(try failure(#"[{"timeOfDay":9999,"daysOfWeek":0,"name":""}]"#).field == "id")
        #expect(try failure(#"[{"id":"a","timeOfDay":9999,"daysOfWeek":0,"name":""}]"#).field == "name")
        #expect(try failure(#"[{"id":"a","timeOfDay":9999,"daysOfWeek":0,"name":"A"}]"#).field == "daysOfWeek")
        #expect(try failure(#"[{"id":"a","timeOfDay":9999,"daysOfWeek":1,"name":"A"}]"#).field == "timeOfDay")
    }
}

private extension String {
    func replacingWalk(_ id: String) -> String {
        var copy = self
        if let range = copy.firstRange(of: "\"walk\"") { copy.replaceSubrange(range, with: "\"\(id)\"") }
        return copy
    }
}
