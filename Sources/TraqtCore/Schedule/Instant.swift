/// A moment in time, in whole seconds since the Unix epoch: what reminders fire
/// at. Shown in the local zone with its UTC offset.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public static func now() -> Instant { Instant(seconds: Timestamp.now()) }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }

    public var localDateTime: LocalDateTime { LocalZone.wallClock(at: seconds).dateTime }
    public var localDate: LocalDate { LocalDate(localDateTime) }

    /// ISO 8601 in the local zone with its UTC offset: `2026-11-01T01:30:00-04:00`.
    public var description: String { text { appendText(to: &$0) } }

    /// Appends the `description` without making a String: output paths write
    /// one or two per row.
    public func appendText(to buffer: inout [UInt8]) {
        let (wall, offset) = LocalZone.wallClock(at: seconds)
        wall.appendText(to: &buffer)
        let magnitude = abs(offset) / 60
        buffer.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        appendTwoDigits(magnitude / 60, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendTwoDigits(magnitude % 60, to: &buffer)
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS]` with an optional UTC offset (`Z`, `+01:00`,
    /// `-0400`), or `HH:MM[:SS]` alone for that time today. With an offset the
    /// moment is exact, which tells apart the two 01:30s of a fall-back night;
    /// without one it is a local wall-clock time, read by the same
    /// daylight-saving rules as occurrences (see `LocalZone`).
    public static func parse(_ text: String) throws(InvalidValue) -> Instant {
        try parse(text, today: { LocalDateTime.current() })
    }

    /// `parse` with the clock that `HH:MM` alone is read against; it is asked
    /// only for that form.
    public static func parse(_ text: String, today: () -> LocalDateTime) throws(InvalidValue) -> Instant {
        var bytes = Array(text.utf8)
        if bytes.count >= 5, bytes[2] == UInt8(ascii: ":") {
            // `07:30`, `07:30:15`, `07:30Z`: today's date in front of it.
            bytes = Array(LocalDate(today()).description.utf8) + [UInt8(ascii: "T")] + bytes
        }
        guard let (local, offset) = try parseParts(bytes, text: text) else {
            throw InvalidValue("invalid date and time '\(text)'; expected YYYY-MM-DDTHH:MM[:SS] with an optional UTC offset (Z, -04:00, +0100), e.g. 2026-11-01T01:30-04:00, or HH:MM for today")
        }
        let instant = offset.map { Instant(local, offset: $0) } ?? Instant(seconds: LocalZone.instant(of: local))
        // With an offset, a moment on the last day can be on the next one here.
        guard SupportedDates.instants().contains(instant.seconds) else { throw SupportedDates.outside(text) }
        return instant
    }

    /// Reads a stored timestamp, which names one instant whatever the zone:
    /// `YYYY-MM-DDTHH:MM[:SS]` with a UTC offset (`2026-11-29T22:52:03Z`), of a
    /// date in `SupportedDates`.
    public static func parseTimestamp(_ text: String) throws(InvalidValue) -> Instant {
        guard let (local, offset) = try parseParts(Array(text.utf8), text: text), let offset else {
            throw InvalidValue("invalid timestamp '\(text)'; expected ISO 8601 with a UTC offset, e.g. 2026-11-29T22:52:03Z")
        }
        return Instant(local, offset: offset)
    }

    private init(_ local: LocalDateTime, offset: Int) {
        let wallSeconds = daysSinceEpoch(year: local.year, month: local.month, day: local.day) * 86_400
            + local.hour * 3600 + local.minute * 60 + local.second
        self.init(seconds: wallSeconds - offset)
    }

    /// The local date and time of `YYYY-MM-DDTHH:MM[:SS]` and the offset after
    /// it, if any (seconds east of UTC); nil when malformed. Throws for a
    /// well-formed date outside `SupportedDates`.
    private static func parseParts(_ bytes: [UInt8], text: String) throws(InvalidValue) -> (LocalDateTime, Int?)? {
        // The local part is 16 or 19 bytes; anything after it is the offset.
        let localLength = bytes.count >= 19 && bytes[16] == UInt8(ascii: ":") ? 19 : 16
        guard bytes.count >= localLength, let local = try LocalDateTime.parse(bytes[..<localLength], text: text)
        else { return nil }
        let suffix = Array(bytes[localLength...])
        guard !suffix.isEmpty else { return (local, nil) }
        guard let offset = parseOffset(suffix) else { return nil }
        return (local, offset)
    }

    /// `Z`, `+HH:MM`, `-HHMM` or `+HH`, as seconds east of UTC.
    private static func parseOffset(_ bytes: [UInt8]) -> Int? {
        if bytes == [UInt8(ascii: "Z")] || bytes == [UInt8(ascii: "z")] { return 0 }
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var digits = Array(bytes.dropFirst())
        if digits.count == 5, digits[2] == UInt8(ascii: ":") { digits.remove(at: 2) }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let value = digits.map { Int($0 - 48) }
        let hours = value[0] * 10 + value[1]
        let minutes = digits.count == 4 ? value[2] * 10 + value[3] : 0
        guard hours <= 18, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
