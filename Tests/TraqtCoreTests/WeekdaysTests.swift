import Testing
@testable import TraqtCore

@Suite("Weekdays: parsing --days, names and summaries")
struct WeekdaysTests {
    // MARK: - Single names

    @Test("Every accepted name maps to its tm_wday bit, in any case", arguments: [
        ("sun", 0), ("sunday", 0), ("SUN", 0), ("Sunday", 0),
        ("mon", 1), ("Monday", 1), ("MONDAY", 1),
        ("tue", 2), ("TUE", 2), ("tues", 2), ("Tuesday", 2),
        ("wed", 3), ("Wednesday", 3), ("wEd", 3),
        ("thu", 4), ("thur", 4), ("thurs", 4), ("THURS", 4), ("thursday", 4),
        ("fri", 5), ("Friday", 5),
        ("sat", 6), ("saturday", 6), ("SAT", 6),
    ])
    func singleName(name: String, weekday: Int) throws {
        let days = try Weekdays.parse(name)
        #expect(days.mask == 1 << weekday)
        #expect(Weekdays.weekday(named: name) == weekday)
    }

    @Test("White space around the value and around each part is ignored", arguments: [
        ("  mon", 2), ("mon  ", 2), ("\tmon\n", 2), (" mon , wed ", 10), (" mask:42 ", 42), (" 1 , 3 ", 10), ("mon - wed", 14),
    ])
    func whitespace(text: String, mask: Int) throws {
        #expect(try Weekdays.parse(text).mask == mask)
    }

    // MARK: - Lists, ranges and keywords

    @Test("Comma lists, ranges and keywords give the documented masks", arguments: [
        ("mon,wed,fri", 42),
        ("Monday,Wednesday,Friday", 42),
        ("mon-fri", 62),
        ("weekdays", 62),
        ("WEEKDAYS", 62),
        ("weekends", 65),
        ("sat,sun", 65),
        ("daily", 127),
        ("Daily", 127),
        ("everyday", 127),
        ("sun-sat", 127),
        ("mon-sun", 127),
        ("fri-mon", 32 | 64 | 1 | 2),        // Fri, Sat, Sun, Mon
        ("sat-sun", 65),
        ("sun-sun", 1),
        ("wed-wed", 8),
        ("thu-tue", 127 & ~8),               // every day but Wednesday
        ("mon-wed,fri-sat", 2 | 4 | 8 | 32 | 64),
        ("weekends,wed", 65 | 8),
        ("weekdays,weekends", 127),
        ("tues-thurs", 4 | 8 | 16),
        ("Monday - Friday", 62),
    ])
    func listsAndRanges(text: String, mask: Int) throws {
        #expect(try Weekdays.parse(text).mask == mask)
    }

    @Test("A wrapping range runs forward through the week end")
    func wrappingRange() throws {
        let days = try Weekdays.parse("fri-mon")
        #expect(days.names == ["sun", "mon", "fri", "sat"])
        #expect(!days.contains(weekday: 2))
        #expect(!days.contains(weekday: 3))
        #expect(!days.contains(weekday: 4))
    }

    @Test("Repeated days are harmless", arguments: [
        ("mon,mon", 2), ("mon,Monday,MON", 2), ("mon-fri,wed", 62), ("daily,mon", 127),
        ("weekends,sat,sun", 65),
    ])
    func repeats(text: String, mask: Int) throws {
        #expect(try Weekdays.parse(text).mask == mask)
    }

    @Test("The named constants have the documented masks")
    func constants() {
        #expect(Weekdays.daily.mask == 127)
        #expect(Weekdays.weekdays.mask == 62)
        #expect(Weekdays.weekends.mask == 65)
        #expect(Weekdays.range == 1...127)
    }

    // MARK: - Cron day numbers and masks

    @Test("Numbers are cron's day numbers: 0 and 7 are Sunday, 1 Monday … 6 Saturday", arguments: [
        ("0", 1), ("7", 1), ("1", 2), ("5", 32), ("6", 64),
        ("1-5", 62), ("1,3,5", 42), ("0,6", 65), ("6,7", 65), ("0-6", 127), ("1-7", 127), ("0-7", 127),
        ("5-1", 0b1100011), ("mon,3,fri", 42), ("sat-0", 65), ("*", 127),
    ])
    func cronNumbers(text: String, mask: Int) throws {
        #expect(try Weekdays.parse(text).mask == mask)
    }

    @Test("A number above 7 is not a day; the message points to mask:N", arguments: ["8", "42", "1-9", "62"])
    func numbersAboveSeven(text: String) {
        let error = #expect(throws: InvalidValue.self) { try Weekdays.parse(text) }
        #expect(error?.message.contains("mask:N") == true)
    }

    @Test("Every bit mask 1…127 is accepted as mask:N, in any case")
    func integerMasks() throws {
        for mask in 1...127 {
            #expect(try Weekdays.parse("mask:\(mask)").mask == mask)
            #expect(try Weekdays.parse("MASK:\(mask)").mask == mask)
            #expect(Weekdays(mask: mask)?.mask == mask)
        }
    }

    @Test("Masks outside 1…127 are rejected with the range in the message", arguments: ["0", "128", "-1", "255", "", "x", "62,mon"])
    func outOfRangeMasks(mask: String) {
        if let number = Int(mask) { #expect(Weekdays(mask: number) == nil) }
        let error = #expect(throws: InvalidValue.self) { try Weekdays.parse("mask:" + mask) }
        #expect(error?.message.contains("1…127") == true)
        #expect(error?.message.contains("mask:\(mask)") == true)
    }

    @Test("weekend is weekends")
    func weekend() throws {
        #expect(try Weekdays.parse("weekend") == .weekends)
        #expect(try Weekdays.parse("Weekend,mon") .mask == 67)
    }

    // MARK: - Rejections

    @Test("Empty parts are rejected", arguments: ["", " ", "mon,", ",mon", "mon,,wed", ",", "mon, ,wed"])
    func emptyParts(text: String) {
        let error = #expect(throws: InvalidValue.self) { try Weekdays.parse(text) }
        #expect(error?.message.contains("empty day") == true)
    }

    @Test("Unknown words are rejected and named in the message", arguments: [
        ("moon", "moon"), ("mon,funday", "funday"), ("m", "m"), ("monday1", "monday1"),
        ("mon-", ""), ("-fri", ""), ("mon-xyz", "xyz"), ("week", "week"), ("1.5", "1.5"),
        ("montag", "montag"), ("07", "07"), ("-1", ""),
    ])
    func unknownWords(text: String, named word: String) {
        let error = #expect(throws: InvalidValue.self) { try Weekdays.parse(text) }
        #expect(error?.message.contains("unknown day '\(word)'") == true)
    }

    @Test("A part with two dashes is not a range")
    func doubleRange() {
        let error = #expect(throws: InvalidValue.self) { try Weekdays.parse("mon-wed-fri") }
        #expect(error?.message.contains("'mon-wed-fri' is not a day range") == true)
    }

    @Test("weekday(named:) returns nil for anything that is not a day name",
          arguments: ["", "daily", "weekdays", "mo", "tuesd", "0", "7", "sun "])
    func weekdayNamedRejects(name: String) {
        #expect(Weekdays.weekday(named: name) == nil)
    }

    // MARK: - Names

    @Test("names lists short names in bit order, Sunday first", arguments: [
        (65, ["sun", "sat"]),
        (42, ["mon", "wed", "fri"]),
        (127, ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]),
        (62, ["mon", "tue", "wed", "thu", "fri"]),
        (1, ["sun"]),
        (64, ["sat"]),
    ])
    func names(mask: Int, names: [String]) throws {
        #expect(try #require(Weekdays(mask: mask)).names == names)
    }

    @Test("names agrees with contains for every mask")
    func namesMatchBits() throws {
        for mask in 1...127 {
            let days = try #require(Weekdays(mask: mask))
            let expected = (0..<7).filter { mask & (1 << $0) != 0 }.map { Weekdays.shortNames[$0] }
            #expect(days.names == expected)
            #expect(days.names.count == mask.nonzeroBitCount)
        }
    }

    // MARK: - Summary

    @Test("summary reads well for people", arguments: [
        (127, "daily"),
        (62, "weekdays"),
        (65, "weekends"),
        (42, "mon,wed,fri"),
        (2, "mon"),
        (1, "sun"),
        (2 | 4, "mon,tue"),
        (2 | 4 | 8, "mon-wed"),
        (2 | 4 | 8 | 16 | 64, "mon-thu,sat"),
        (126, "mon-sat"),
        (2 | 1, "mon,sun"),
        (64 | 1, "weekends"),
        (32 | 64 | 1, "fri-sun"),
        (124, "tue-sat"),
        (125, "tue-sun"),
        (4 | 16 | 64, "tue,thu,sat"),
    ])
    func summary(mask: Int, summary: String) throws {
        #expect(try #require(Weekdays(mask: mask)).summary == summary)
    }

    @Test("parse(summary) gives back the same mask for all 127 masks")
    func summaryRoundTrip() throws {
        for mask in 1...127 {
            let days = try #require(Weekdays(mask: mask))
            let parsed = try Weekdays.parse(days.summary)
            #expect(parsed == days, "mask \(mask): summary '\(days.summary)' parsed as \(parsed.mask)")
        }
    }

    @Test("parse of the names joined with commas gives back the mask for all 127 masks")
    func namesRoundTrip() throws {
        for mask in 1...127 {
            let days = try #require(Weekdays(mask: mask))
            #expect(try Weekdays.parse(days.names.joined(separator: ",")).mask == mask)
        }
    }
}
