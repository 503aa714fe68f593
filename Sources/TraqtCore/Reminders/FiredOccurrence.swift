/// An occurrence that one `due` run claimed and fired.
public struct FiredOccurrence: Hashable, Sendable {
    public let occurrence: Occurrence
    public let firedAt: Instant

    /// How long after its scheduled instant it fired (0 when on time).
    public var lateSeconds: Int { firedAt.seconds - occurrence.scheduledAt.seconds }

    /// Appends the object `due --json` prints and `--exec` commands read:
    /// `{"id":…,"name":…,"time":"07:30","scheduledAt":"…-04:00","firedAt":"…","lateSeconds":12}`.
    public func appendJSON(to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        occurrence.appendJSONMembers(to: &buffer)
        JSONWriter.appendRaw(",\"firedAt\":", to: &buffer)
        JSONWriter.appendText(of: firedAt.appendText, to: &buffer)
        JSONWriter.appendRaw(",\"lateSeconds\":", to: &buffer)
        JSONWriter.appendInteger(lateSeconds, to: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }
}

/// What one `due` run decided, all committed in one transaction.
public struct DueClaim: Sendable {
    /// Fired by this run and no other, oldest first.
    public let fired: [FiredOccurrence]
    /// Newly recorded as missed by this run.
    public let missed: [Occurrence]
}

extension Occurrence {
    /// The members every JSON form of an occurrence starts with, without braces:
    /// `"id":…,"name":…,"time":"07:30","scheduledAt":"2026-11-01T01:30:00-04:00"`.
    func appendJSONMembers(to buffer: inout [UInt8]) {
        var id = activity.id, name = activity.name
        id.withUTF8 { id in
            name.withUTF8 { name in
                Self.appendJSONMembers(id: id, name: name, minutes: activity.time.minutes, to: &buffer) {
                    JSONWriter.appendText(of: scheduledAt.appendText, to: &$0)
                }
            }
        }
    }

    /// The same from an activity's bytes, with `scheduledAt` writing the quoted instant.
    static func appendJSONMembers(id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, minutes: Int,
                                  to buffer: inout [UInt8], scheduledAt: (inout [UInt8]) -> Void) {
        JSONWriter.appendRaw("\"id\":", to: &buffer)
        JSONWriter.appendString(utf8: id, to: &buffer)
        JSONWriter.appendRaw(",\"name\":", to: &buffer)
        JSONWriter.appendString(utf8: name, to: &buffer)
        JSONWriter.appendRaw(",\"time\":\"", to: &buffer)
        TimeOfDay.appendText(minutes: minutes, to: &buffer)
        JSONWriter.appendRaw("\",\"scheduledAt\":", to: &buffer)
        scheduledAt(&buffer)
    }
}
