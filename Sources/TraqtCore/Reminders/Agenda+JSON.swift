extension AgendaCursor {
    /// Writes the rest of the day (all of it, on a fresh cursor) as the JSON
    /// object `summary --json` prints, row by row:
    /// `{"date":"2026-11-29","weekday":"sun","activities":[{"id":…,"name":…,
    /// "time":"07:30","scheduledAt":"…","status":"fired","firedAt":"…","lateSeconds":60}]}`.
    /// `firedAt` and `lateSeconds` come with fired, failed and started (when
    /// the command was started), `exitStatus` with failed, `doneAt` (when it
    /// was marked) with done.
    /// `timeSpent` follows the activities: the day's time spent on each activity
    /// (see `TimeSpent.appendJSONArray`).
    public func writeJSON(to output: OutputBuffer, timeSpent: [TimeSpent]) throws {
        JSONWriter.appendRaw("{\"date\":", to: &output.bytes)
        JSONWriter.appendText(of: date.appendText, to: &output.bytes)
        JSONWriter.appendRaw(",\"weekday\":", to: &output.bytes)
        JSONWriter.appendString(Weekdays.shortNames[date.weekday], to: &output.bytes)
        JSONWriter.appendRaw(",\"activities\":[", to: &output.bytes)
        var first = true
        while try next() {
            try output.appendRow { bytes in
                if !first { bytes.append(UInt8(ascii: ",")) }
                appendEntryJSON(to: &bytes)
            }
            first = false
        }
        JSONWriter.appendRaw("],\"timeSpent\":", to: &output.bytes)
        TimeSpent.appendJSONArray(timeSpent, to: &output.bytes)
        output.bytes.append(UInt8(ascii: "}"))
    }

    /// The current occurrence as one object of `activities`.
    private func appendEntryJSON(to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        withIDBytes { id in
            withNameBytes { name in
                Occurrence.appendJSONMembers(id: id, name: name, minutes: minutes, to: &buffer,
                                             scheduledAt: appendScheduledAtJSON)
            }
        }
        let status = self.status
        JSONWriter.appendRaw(",\"status\":", to: &buffer)
        JSONWriter.appendString(status.name, to: &buffer)
        switch status {
        case let .fired(at, late), let .failed(at, late, _), let .started(at, late):
            JSONWriter.appendRaw(",\"firedAt\":", to: &buffer)
            appendFiredAtJSON(at, to: &buffer)
            JSONWriter.appendRaw(",\"lateSeconds\":", to: &buffer)
            JSONWriter.appendInteger(late, to: &buffer)
        default:
            break
        }
        if case let .failed(_, _, exitStatus) = status {
            JSONWriter.appendRaw(",\"exitStatus\":", to: &buffer)
            JSONWriter.appendInteger(exitStatus, to: &buffer)
        }
        if case let .done(at) = status {
            JSONWriter.appendRaw(",\"doneAt\":", to: &buffer)
            JSONWriter.appendText(of: at.appendText, to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }
}
