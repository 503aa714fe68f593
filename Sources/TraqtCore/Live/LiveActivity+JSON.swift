extension LiveActivity {
    /// Appends the object `live list --json` prints for it as seen at `now`:
    /// `{"id":…,"type":…,"activityId":…|null,"name":…,"attributes":{…},"state":{…},
    /// "status":…,"startedAt":…,"updatedAt":…,"endedAt":…|null,"staleAt":…|null,
    /// "dismissAt":…|null,"relevance":…,"elapsedSeconds":…,"elapsed":…,"pushToken":…|null,
    /// "sentAt":…|null,"alert":{…}|null,"alertAt":…|null,"channel":…|null}`; instants
    /// in ISO 8601 in the local zone with its UTC offset, as `due` prints them.
    public func appendJSON(to buffer: inout [UInt8], now: Instant) {
        buffer.append(contentsOf: #"{"id":"#.utf8)
        JSONWriter.appendString(id, to: &buffer)
        buffer.append(contentsOf: #","type":"#.utf8)
        JSONWriter.appendString(type, to: &buffer)
        buffer.append(contentsOf: #","activityId":"#.utf8)
        if let activityId { JSONWriter.appendString(activityId, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(contentsOf: #","name":"#.utf8)
        JSONWriter.appendString(name, to: &buffer)
        // Stored as compact JSON objects: copied as they are.
        buffer.append(contentsOf: #","attributes":"#.utf8)
        buffer.append(contentsOf: attributes.utf8)
        buffer.append(contentsOf: #","state":"#.utf8)
        buffer.append(contentsOf: state.utf8)
        buffer.append(contentsOf: #","status":""#.utf8)
        buffer.append(contentsOf: status(at: now).rawValue.utf8)
        buffer.append(contentsOf: #"","startedAt":"#.utf8)
        Self.appendInstant(startedAt, to: &buffer)
        buffer.append(contentsOf: #","updatedAt":"#.utf8)
        Self.appendInstant(updatedAt, to: &buffer)
        buffer.append(contentsOf: #","endedAt":"#.utf8)
        Self.appendInstant(end(at: now), to: &buffer)
        buffer.append(contentsOf: #","staleAt":"#.utf8)
        Self.appendInstant(staleAt, to: &buffer)
        buffer.append(contentsOf: #","dismissAt":"#.utf8)
        Self.appendInstant(dismissal(at: now), to: &buffer)
        buffer.append(contentsOf: #","relevance":"#.utf8)
        buffer.append(contentsOf: Self.jsonNumber(relevance).utf8)
        let elapsed = elapsedSeconds(at: now)
        buffer.append(contentsOf: #","elapsedSeconds":"#.utf8)
        appendDigits(elapsed, to: &buffer)
        buffer.append(contentsOf: #","elapsed":""#.utf8)
        buffer.append(contentsOf: Self.elapsedText(seconds: elapsed).utf8)
        // Checked when read: 64 hex digits, nothing to escape.
        buffer.append(contentsOf: #"","pushToken":"#.utf8)
        if let pushToken { JSONWriter.appendString(pushToken, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(contentsOf: #","sentAt":"#.utf8)
        Self.appendTimestamp(sentAt, to: &buffer)
        // Checked when read: a JSON object, copied as it is.
        buffer.append(contentsOf: #","alert":"#.utf8)
        if let alert { buffer.append(contentsOf: alert.utf8) } else { JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(contentsOf: #","alertAt":"#.utf8)
        Self.appendInstant(alertAt, to: &buffer)
        buffer.append(contentsOf: #","channel":"#.utf8)
        if let channel { JSONWriter.appendString(channel, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(UInt8(ascii: "}"))
    }

    private static func appendInstant(_ instant: Instant?, to buffer: inout [UInt8]) {
        guard let instant else { return JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: instant.description.utf8)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A sender's timestamp as instants are shown, with its milliseconds when it has any.
    private static func appendTimestamp(_ timestamp: PushTimestamp?, to buffer: inout [UInt8]) {
        guard let timestamp else { return JSONWriter.appendRaw("null", to: &buffer) }
        var text: [UInt8] = []
        timestamp.instant.appendText(to: &text)
        let milliseconds = timestamp.milliseconds - timestamp.instant.seconds * 1000
        if milliseconds != 0 {
            // After the seconds, before the UTC offset (the last six bytes).
            let digits = String(milliseconds)
            text.insert(contentsOf: Array(("." + String(repeating: "0", count: 3 - digits.count) + digits).utf8),
                        at: text.count - 6)
        }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: text)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A whole number without a fraction (`50`, not `50.0`); anything else in
    /// Swift's shortest form that reads back the same.
    static func jsonNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
