/// Writes activities as the JSON objects of `list --json`, `today --json` and
/// `export`, straight from a row's bytes into the output buffer:
/// `{"id":…,"name":…,"daysOfWeek":42,"timeOfDay":450,"days":["mon","wed","fri"],
/// "time":"07:30","createdAt":"…Z","updatedAt":"…Z"}`.
/// The parts that repeat across rows (days, times, timestamps) are made once.
public struct ActivityJSONEncoder {
    /// `,"daysOfWeek":42,"timeOfDay":` … by mask; filled on first use.
    private var daysFragments = [[UInt8]?](repeating: nil, count: Weekdays.range.upperBound + 1)
    private var lastTimestamp: (seconds: Int, text: [UInt8]) = (Int.min, [])

    public init() {}

    public mutating func append(_ row: ActivityRow, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"id":"#.utf8)
        row.withIDBytes { JSONWriter.appendString(utf8: $0, to: &buffer) }
        buffer.append(contentsOf: #","name":"#.utf8)
        row.withNameBytes { JSONWriter.appendString(utf8: $0, to: &buffer) }
        appendSchedule(mask: row.daysMask, minutes: row.minutes, to: &buffer)
        appendTimestamps(created: row.createdAt, updated: row.updatedAt, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    public mutating func append(_ activity: Activity, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"id":"#.utf8)
        JSONWriter.appendString(activity.id, to: &buffer)
        buffer.append(contentsOf: #","name":"#.utf8)
        JSONWriter.appendString(activity.name, to: &buffer)
        appendSchedule(mask: activity.days.mask, minutes: activity.time.minutes, to: &buffer)
        if let created = activity.createdAt, let updated = activity.updatedAt {
            appendTimestamps(created: created, updated: updated, to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// `,"daysOfWeek":42,"timeOfDay":450,"days":["mon","wed","fri"],"time":"07:30"`.
    private mutating func appendSchedule(mask: Int, minutes: Int, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #","daysOfWeek":"#.utf8)
        appendDigits(mask, to: &buffer)
        buffer.append(contentsOf: #","timeOfDay":"#.utf8)
        appendDigits(minutes, to: &buffer)
        buffer.append(contentsOf: daysFragment(mask))
        buffer.append(contentsOf: #","time":""#.utf8)
        TimeOfDay.appendText(minutes: minutes, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    private mutating func daysFragment(_ mask: Int) -> [UInt8] {
        let index = Weekdays.range.contains(mask) ? mask : 0
        if let fragment = daysFragments[index] { return fragment }
        var fragment = Array(#","days":["#.utf8)
        let names = Weekdays(mask: mask)?.names ?? []
        for (position, name) in names.enumerated() {
            if position > 0 { fragment.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(name, to: &fragment)
        }
        fragment.append(UInt8(ascii: "]"))
        daysFragments[index] = fragment
        return fragment
    }

    private mutating func appendTimestamps(created: Int, updated: Int, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #","createdAt":""#.utf8)
        buffer.append(contentsOf: timestamp(created))
        buffer.append(contentsOf: #"","updatedAt":""#.utf8)
        buffer.append(contentsOf: timestamp(updated))
        buffer.append(UInt8(ascii: "\""))
    }

    /// Rows saved together share their timestamps: the last one is reused.
    private mutating func timestamp(_ seconds: Int) -> [UInt8] {
        if lastTimestamp.seconds != seconds {
            lastTimestamp = (seconds, Array(Timestamp.iso8601(seconds).utf8))
        }
        return lastTimestamp.text
    }
}

/// Appends a non-negative integer in decimal, without making a String.
func appendDigits(_ value: Int, to buffer: inout [UInt8]) {
    guard value >= 10 || value < 0 else {
        buffer.append(UInt8(ascii: "0") + UInt8(value))
        return
    }
    if value < 0 {
        buffer.append(contentsOf: String(value).utf8)
        return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { raw in
        while rest > 0 {
            raw[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        }
        buffer.append(contentsOf: raw[(20 - count)...])
    }
}
