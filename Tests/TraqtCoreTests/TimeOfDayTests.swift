import Testing
import TraqtCore

@Suite("TimeOfDay: parsing --at and showing times")
struct TimeOfDayTests {
    @Test("24-hour H:MM and HH:MM are read as minutes since midnight", arguments: [
        ("00:00", 0),
        ("0:00", 0),
        ("7:30", 450),
        ("07:30", 450),
        ("9:05", 545),
        ("12:00", 720),
        ("13:45", 825),
        ("23:59", 1439),
        ("  07:30  ", 450),
    ])
    func twentyFourHour(text: String, minutes: Int) throws {
        #expect(try TimeOfDay.parse(text).minutes == minutes)
    }

    @Test("12-hour times with am/pm, in any case and with or without a space", arguments: [
        ("9am", 540),
        ("9AM", 540),
        ("9 am", 540),
        ("9 Am", 540),
        ("09am", 540),
        ("2:30pm", 870),
        ("2:30 PM", 870),
        ("02:30pm", 870),
        ("12am", 0),
        ("12:00am", 0),
        ("12:59am", 59),
        ("12pm", 720),
        ("12:30pm", 750),
        ("1am", 60),
        ("11:59pm", 1439),
        ("1pm", 780),
        (" 7pm ", 1140),
    ])
    func twelveHour(text: String, minutes: Int) throws {
        #expect(try TimeOfDay.parse(text).minutes == minutes)
    }

    @Test("Malformed or out-of-range times are rejected with the expected forms", arguments: [
        "24:00", "12:60", "7:5", "24", "", " ", "13pm", "0am", "0pm", "00:00am",
        "-1:00", "7:30:00", "07:3a", "a7:30", "7.30", "2400", "0760", "007:30", ":30", "7:", "am",
        "pm", "7:30xm", "7:30 a m", "12:60pm", "+7:30", "７:３０", "99:99", "7:300", "12345",
        "noon pm", "midnightam", "1-30",
    ])
    func rejected(text: String) {
        let error = #expect(throws: InvalidValue.self) { try TimeOfDay.parse(text) }
        #expect(error?.message.contains("invalid time '\(text)'") == true)
        #expect(error?.message.contains("HH:MM") == true)
    }

    @Test("The hour alone, clock digits without a colon, noon and midnight", arguments: [
        ("7", 420),
        ("07", 420),
        ("0", 0),
        ("23", 1380),
        ("730", 450),
        ("0730", 450),
        ("0000", 0),
        ("1915", 1155),
        ("2359", 1439),
        ("7pm", 1140),
        ("730pm", 1170),
        ("noon", 720),
        ("Noon", 720),
        ("midnight", 0),
        (" MIDNIGHT ", 0),
    ])
    func shortForms(text: String, minutes: Int) throws {
        #expect(try TimeOfDay.parse(text).minutes == minutes)
    }

    @Test("Only one am/pm suffix is read", arguments: ["9pmam", "7:30pmam", "9ampm", "9amam", "9pm pm", "9 am am"])
    func doubleMeridiem(text: String) {
        #expect(throws: InvalidValue.self) { try TimeOfDay.parse(text) }
    }

    @Test("Every minute of the day survives description -> parse")
    func everyMinuteRoundTrips() throws {
        for minutes in TimeOfDay.range {
            let time = try #require(TimeOfDay(minutes: minutes))
            #expect(try TimeOfDay.parse(time.description) == time)
        }
    }

    @Test("description is zero-padded HH:MM", arguments: [
        (0, "00:00"), (450, "07:30"), (545, "09:05"), (720, "12:00"), (1439, "23:59"), (61, "01:01"),
    ])
    func description(minutes: Int, text: String) throws {
        let time = try #require(TimeOfDay(minutes: minutes))
        #expect(time.description == text)
        #expect("\(time)" == text)
    }

    @Test("Initialisers check their ranges")
    func initialisers() throws {
        #expect(TimeOfDay(minutes: -1) == nil)
        #expect(TimeOfDay(minutes: 1440) == nil)
        #expect(TimeOfDay(minutes: 0)?.minutes == 0)
        #expect(TimeOfDay(minutes: 1439)?.minutes == 1439)
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        #expect(TimeOfDay(hour: 12, minute: 60) == nil)
        #expect(TimeOfDay(hour: -1, minute: 0) == nil)
        #expect(TimeOfDay(hour: 0, minute: -1) == nil)
        let time = try #require(TimeOfDay(hour: 7, minute: 30))
        #expect(time.minutes == 450)
        #expect(time.hour == 7)
        #expect(time.minute == 30)
    }

    @Test("Times order by minute of day")
    func ordering() throws {
        let early = try TimeOfDay.parse("06:59"), late = try TimeOfDay.parse("7am")
        #expect(early < late)
        #expect(!(late < early))
        #expect(try TimeOfDay.parse("7:00") == late)
    }
}
