/// One JSON object of a vendor's body, read member by member for its shape
/// only: a wrong JSON type or a missing required member throws, naming the
/// member by its full path as the sender wrote it. Values are not judged
/// (ranges, sizes, known events): the core does that on the APNs body.
struct VendorFields {
    let value: JSONValue
    /// Where the object sits, with a trailing dot: `request.notifications[2].`,
    /// `message.apns.`; empty at the top.
    let path: String
    /// The notification's 0-based index in the document.
    let index: Int

    /// `value` as the object at `path`; throws unless it is one. `field` names
    /// it in the error (nil: the notification itself).
    init(_ value: JSONValue, path: String, index: Int, field: String?) throws(PushError) {
        guard case .object = value else {
            throw .invalid(index: index, field: field,
                           message: "expected \(field == nil ? "a notification object" : "an object"), found \(value.kindName)")
        }
        self.value = value
        self.path = path
        self.index = index
    }

    /// The full path of the member `name`.
    func field(_ name: String) -> String { path + name }

    func error(_ name: String, _ message: String) -> PushError {
        .invalid(index: index, field: field(name), message: message)
    }

    /// Whether the member is there (null counts as absent, as the core reads it).
    func has(_ name: String) -> Bool { self[name] != nil }

    /// The member `name`; nil when absent or null.
    subscript(name: String) -> JSONValue? {
        guard let member = value[name], member != .null else { return nil }
        return member
    }

    /// A member that must be there.
    func required(_ name: String) throws(PushError) -> JSONValue {
        guard let member = self[name] else { throw error(name, "missing") }
        return member
    }

    /// The member as an object, if there.
    func object(_ name: String) throws(PushError) -> JSONValue? {
        guard let member = self[name] else { return nil }
        guard case .object = member else { throw mismatch(name, "an object", member) }
        return member
    }

    /// The nested object `name`, read as its own fields, if there.
    func nested(_ name: String) throws(PushError) -> VendorFields? {
        guard let member = try object(name) else { return nil }
        return try VendorFields(member, path: field(name) + ".", index: index, field: field(name))
    }

    func string(_ name: String) throws(PushError) -> String? {
        guard let member = self[name] else { return nil }
        guard case let .string(text) = member else { throw mismatch(name, "a string", member) }
        return text
    }

    func bool(_ name: String) throws(PushError) -> Bool? {
        guard let member = self[name] else { return nil }
        guard case let .bool(flag) = member else { throw mismatch(name, "a boolean", member) }
        return flag
    }

    /// A number, kept as the sender wrote it.
    func number(_ name: String, _ meaning: String = "a number") throws(PushError) -> JSONValue? {
        guard let member = self[name] else { return nil }
        guard case .number = member else { throw mismatch(name, meaning, member) }
        return member
    }

    func mismatch(_ name: String, _ expected: String, _ found: JSONValue) -> PushError {
        error(name, "expected \(expected), found \(found.kindName)")
    }
}
