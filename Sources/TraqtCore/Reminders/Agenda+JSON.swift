extension DayAgenda {
    /// Appends the day as the JSON object `summary --json` prints:
    /// `{"date":"2026-11-29","weekday":"sun","activities":[{"id":…,"name":…,
    /// "time":"07:30","scheduledAt":"…","status":"fired","firedAt":"…","lateSeconds":60}]}`.
    /// `firedAt` and `lateSeconds` come with fired and failed, `exitStatus` with failed.
    public func appendJSON(to buffer: inout [UInt8]) {
        JSONWriter.appendRaw("{\"date\":", to: &buffer)
        JSONWriter.appendString(date.description, to: &buffer)
        JSONWriter.appendRaw(",\"weekday\":", to: &buffer)
        JSONWriter.appendString(Weekdays.shortNames[date.weekday], to: &buffer)
        JSONWriter.appendRaw(",\"activities\":[", to: &buffer)
        for (index, entry) in entries.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            entry.appendJSON(to: &buffer)
        }
        JSONWriter.appendRaw("]}", to: &buffer)
    }
}

extension AgendaEntry {
    public func appendJSON(to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        occurrence.appendJSONMembers(to: &buffer)
        JSONWriter.appendRaw(",\"status\":", to: &buffer)
        JSONWriter.appendString(status.name, to: &buffer)
        switch status {
        case let .fired(at, late), let .failed(at, late, _):
            JSONWriter.appendRaw(",\"firedAt\":", to: &buffer)
            JSONWriter.appendString(at.description, to: &buffer)
            JSONWriter.appendRaw(",\"lateSeconds\":", to: &buffer)
            JSONWriter.appendInteger(late, to: &buffer)
        default:
            break
        }
        if case let .failed(_, _, exitStatus) = status {
            JSONWriter.appendRaw(",\"exitStatus\":", to: &buffer)
            JSONWriter.appendInteger(exitStatus, to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }
}
