/// The changes `edit` makes to an activity: each field given replaces the
/// stored one, the others stay as they are.
public struct ActivityEdit: Sendable {
    public var name: String?
    public var days: Weekdays?
    public var time: TimeOfDay?
    /// The id it takes; its reminder records, marked days, time spent and live
    /// activities go with it.
    public var newID: String?

    public init(name: String? = nil, days: Weekdays? = nil, time: TimeOfDay? = nil, newID: String? = nil) {
        (self.name, self.days, self.time, self.newID) = (name, days, time, newID)
    }

    public var isEmpty: Bool { name == nil && days == nil && time == nil && newID == nil }
}
