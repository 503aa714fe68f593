/// What a day marked by hand says about an activity's occurrence on that date.
/// Either way it is not pending, `due` neither fires it nor records it missed,
/// and the calendar export leaves it out.
public enum DayMarkKind: String, Sendable {
    /// Done (`traqt done`): when it was marked is kept and shown.
    case done
    /// Not happening that day (`traqt skip`).
    case skipped
}

/// What a mark is put on: the activities with these ids, or every activity,
/// those added later included (a holiday).
public enum MarkTarget: Sendable {
    case activities([String])
    case everyActivity

    public var isEveryActivity: Bool {
        if case .everyActivity = self { return true }
        return false
    }

    /// The `activity_id` of a mark for every activity: no activity has an empty id.
    static let everyActivityID = ""
}
