/// What marking (or taking back marks) did for one target.
public struct MarkOutcome: Equatable, Sendable {
    /// The activity's id; nil for every activity.
    public let id: String?
    /// How many dates changed: 0 when each was already as asked.
    public let changedDates: Int
}
