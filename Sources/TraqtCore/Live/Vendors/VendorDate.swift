/// Dates as vendors write them, made APNs's: seconds since the epoch as a JSON
/// number, its text kept exact. Ranges are the core's to check.
enum VendorDate {
    /// Seconds since the epoch given as a JSON number (OneSignal's dates).
    static func seconds(_ fields: VendorFields, _ name: String) throws(PushError) -> JSONValue? {
        try fields.number(name, "seconds since the epoch as a number")
    }

    /// An ISO 8601 date and time with a UTC offset given as a JSON string
    /// (Braze's dates): `2026-12-02T21:30:00Z`, `2026-12-02T22:30:00.250+01:00`.
    static func iso8601(_ fields: VendorFields, _ name: String) throws(PushError) -> JSONValue? {
        guard let member = fields[name] else { return nil }
        guard case let .string(text) = member else {
            throw fields.mismatch(name, "an ISO 8601 date and time string", member)
        }
        do throws(InvalidValue) {
            return .number(try secondsText(iso8601: text))
        } catch {
            throw fields.error(name, error.message)
        }
    }

    /// The seconds of `text` as JSON number text, a fraction of a second kept
    /// digit for digit: `1764711000.250`. Without an offset the moment is not
    /// known, so one is required.
    static func secondsText(iso8601 text: String) throws(InvalidValue) -> String {
        var bytes = Array(text.utf8)
        var fraction: [UInt8] = []
        // The fraction follows the seconds, at byte 19: `…T21:30:00.250Z`.
        if bytes.count > 20, bytes[19] == UInt8(ascii: ".") || bytes[19] == UInt8(ascii: ",") {
            fraction = Array(bytes[20...].prefix { (48...57).contains($0) })
            guard !fraction.isEmpty else { throw InvalidValue("invalid fraction of a second in '\(text)'") }
            bytes.removeSubrange(19..<20 + fraction.count)
        }
        let whole: Int
        do throws(InvalidValue) {
            whole = try Instant.parseTimestamp(String(decoding: bytes, as: UTF8.self)).seconds
        } catch {
            throw InvalidValue("invalid ISO 8601 date and time '\(text)'; expected one with a UTC offset, e.g. 2026-12-02T21:30:00Z or 2026-12-02T22:30:00.250+01:00")
        }
        guard fraction.contains(where: { $0 != UInt8(ascii: "0") }) else {
            return fraction.isEmpty ? String(whole) : "\(whole)." + String(decoding: fraction, as: UTF8.self)
        }
        guard whole < 0 else { return "\(whole)." + String(decoding: fraction, as: UTF8.self) }
        // Before the epoch the fraction counts up towards zero: -5 s + 0.250 s is -4.750 s.
        return "-\(-whole - 1)." + String(decoding: complement(fraction), as: UTF8.self)
    }

    /// The digits of 1 - 0.`digits`, as many as given.
    private static func complement(_ digits: [UInt8]) -> [UInt8] {
        var result = digits.map { 9 - ($0 - 48) }
        // 0.999… + 0.000…1: add one in the last place.
        var place = result.count - 1
        while place >= 0 {
            if result[place] == 9 { result[place] = 0; place -= 1 } else { result[place] += 1; break }
        }
        return result.map { $0 + 48 }
    }
}
