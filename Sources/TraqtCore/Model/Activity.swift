/// A shared daily activity: what readers show as "pending today".
public struct Activity: Hashable, Sendable {
    public var id: String
    public var name: String
    public var days: Weekdays
    public var time: TimeOfDay
    /// Seconds since the epoch; nil until the store has saved the activity.
    public var createdAt: Int?
    public var updatedAt: Int?

    public init(id: String, name: String, days: Weekdays, time: TimeOfDay,
                createdAt: Int? = nil, updatedAt: Int? = nil) {
        self.id = id
        self.name = name
        self.days = days
        self.time = time
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The same activity as people define it (id, name, days, time), whatever its timestamps.
    public func hasSameDefinition(as other: Activity) -> Bool {
        id == other.id && name == other.name && days == other.days && time == other.time
    }
}

// MARK: - Validation

extension Activity {
    /// The longest name, in UTF-8 bytes. A name is a label, and it travels to
    /// `due --exec` commands in their environment, where the kernel allows one
    /// variable at most 128 KiB.
    public static let maximumNameBytes = 1024

    /// The longest id, in UTF-8 bytes.
    public static let maximumIDBytes = 200

    /// Checks a name: any Unicode, stored exactly as given, but not empty or
    /// blank, at most `maximumNameBytes`, and without NUL (which no C string,
    /// command line or environment variable can carry).
    public static func validate(name: String) throws(InvalidValue) {
        guard !isBlank(name) else {
            throw InvalidValue("the name must not be empty")
        }
        guard name.utf8.count <= maximumNameBytes else {
            throw InvalidValue("the name is \(name.utf8.count) bytes long; at most \(maximumNameBytes) bytes (UTF-8) are allowed")
        }
        guard !name.utf8.contains(0) else {
            throw InvalidValue("the name must not contain NUL (U+0000)")
        }
    }

    /// Checks an id: not empty or blank, no control characters, at most `maximumIDBytes`.
    public static func validate(id: String) throws(InvalidValue) {
        guard !isBlank(id) else {
            throw InvalidValue("the id must not be empty")
        }
        // C0 controls and DEL are ASCII; only text with other bytes needs the
        // Unicode tables (for C1 controls).
        let hasControl = id.utf8.allSatisfy({ $0 < 0x80 })
            ? id.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
            : id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        guard !hasControl else {
            throw InvalidValue("the id must not contain control characters")
        }
        guard id.utf8.count <= maximumIDBytes else {
            throw InvalidValue("the id is longer than \(maximumIDBytes) bytes")
        }
    }

    /// Empty or only white space. Any visible ASCII byte settles it at once,
    /// which spares nearly every name a walk through its characters.
    private static func isBlank(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.trimmingWhitespace().isEmpty
    }

    /// The id `add` gives an activity when none is named: the name in lower case,
    /// letters and digits kept (any script), every other run of characters turned
    /// into one `-`. `Walk the dog!` -> `walk-the-dog`. The same name always gives
    /// the same id, so saving twice updates one record.
    public static func derivedID(fromName name: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        if slug.utf8.count > 200 {
            // Cut to 120 bytes, not characters (120 CJK characters are 360 bytes,
            // over the 200 that validate(id:) allows), at a character boundary,
            // and never right after a dash.
            var cut = ""
            for character in slug {
                guard cut.utf8.count + character.utf8.count <= 120 else { break }
                cut.append(character)
            }
            while cut.hasSuffix("-") { cut.removeLast() }
            slug = cut
        }
        // A name with no letters or digits ("!!!") still needs a stable id.
        return slug.isEmpty ? "activity-" + fnv1aHex(name) : slug
    }
}

/// `fnv1a` as 16 hex digits.
private func fnv1aHex(_ text: String) -> String {
    let hex = String(fnv1a(text), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
