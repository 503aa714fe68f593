extension JSONValue {
    /// The value as canonical compact JSON: no white space; an object's members
    /// in their order, a name given twice kept once (its last value, at its first
    /// place, as JavaScript reads it); strings escaped as `JSONWriter` escapes
    /// them (other text stays UTF-8); numbers exactly as written. This is how live
    /// activities store their JSON, and what their byte limit measures.
    public var compactJSON: String {
        var bytes: [UInt8] = []
        appendCompact(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public func appendCompact(to buffer: inout [UInt8]) {
        switch self {
        case .null: JSONWriter.appendRaw("null", to: &buffer)
        case let .bool(value): value ? JSONWriter.appendRaw("true", to: &buffer) : JSONWriter.appendRaw("false", to: &buffer)
        case let .number(text): buffer.append(contentsOf: text.utf8)
        case let .string(text): JSONWriter.appendString(text, to: &buffer)
        case let .array(elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                element.appendCompact(to: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case let .object(members):
            buffer.append(UInt8(ascii: "{"))
            for (index, member) in Self.uniqueMembers(members).enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(member.key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                member.value.appendCompact(to: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// `members` with each name once: its last value, at its first place. Names
    /// are compared byte for byte, as JavaScript compares them (String equality
    /// would take "café" precomposed and decomposed for one name).
    public static func uniqueMembers(_ members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        var unique: [(key: String, value: JSONValue)] = []
        unique.reserveCapacity(members.count)
        // Small objects (nearly all) are searched in place; large ones through a set.
        var seen: Set<[UInt8]>? = members.count > 16 ? Set(minimumCapacity: members.count) : nil
        for member in members {
            let repeated = seen.map { $0.contains(Array(member.key.utf8)) }
                ?? unique.contains { $0.key.utf8.elementsEqual(member.key.utf8) }
            if repeated {
                unique[unique.firstIndex { $0.key.utf8.elementsEqual(member.key.utf8) }!].value = member.value
            } else {
                unique.append(member)
                seen?.insert(Array(member.key.utf8))
            }
        }
        return unique
    }
}
