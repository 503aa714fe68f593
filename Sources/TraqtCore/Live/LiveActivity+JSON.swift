extension LiveActivity {
    /// Appends the object `live list --json` prints for it as seen at `now`:
    /// `{"id":…,"type":…,"activityId":…|null,"name":…,"attributes":{…},"state":{…},
    /// "status":…,"startedAt":…,"updatedAt":…,"endedAt":…|null,"staleAt":…|null,
    /// "dismissAt":…|null,"relevance":…,"elapsedSeconds":…,"elapsed":…,"pushToken":…|null}`; instants
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
        buffer.append(UInt8(ascii: "}"))
    }

    private static func appendInstant(_ instant: Instant?, to buffer: inout [UInt8]) {
        guard let instant else { return JSONWriter.appendRaw("null", to: &buffer) }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: instant.description.utf8)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A whole number without a fraction (`50`, not `50.0`); anything else in
    /// Swift's shortest form that reads back the same.
    static func jsonNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
