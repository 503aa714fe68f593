/// An APNs `aps` object being written from a vendor's fields: each member
/// remembers the vendor field it came from.
struct APSBuilder {
    private(set) var members: [(key: String, value: JSONValue)] = []
    private(set) var fields: [String: String] = [:]

    /// Sets the APNs member `name` (replacing an earlier one) from `field`, the
    /// vendor's path for it (nil when the vendor implies the value); a nil
    /// value sets nothing.
    mutating func set(_ name: String, _ value: JSONValue?, from field: String?) {
        guard let value else { return }
        members.removeAll { $0.key == name }
        members.append((name, value))
        fields[name] = field
    }

    func notification(to address: LiveAddress, addressField: String?) -> VendorNotification {
        VendorNotification(address: address, aps: .object(members), fields: fields, addressField: addressField)
    }
}
