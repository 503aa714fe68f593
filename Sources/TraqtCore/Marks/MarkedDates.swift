/// Every date marked done or skipped, by activity, as the calendar export
/// leaves them out (`EXDATE`). Marks are made by hand, one command at a time:
/// they are few enough to hold.
public struct MarkedDates: Sendable {
    /// By the id's UTF-8 bytes: ids are compared byte for byte, as the database does.
    private var byActivity: [[UInt8]: [LocalDate]] = [:]
    /// Skipped for every activity.
    private var everyActivity: [LocalDate] = []

    public init() {}

    /// The dates marked for the activity whose id is `id`, its own and every
    /// activity's, in no particular order.
    public func dates(forID id: UnsafeBufferPointer<UInt8>) -> [LocalDate] {
        guard !byActivity.isEmpty else { return everyActivity }
        return everyActivity + (byActivity[Array(id)] ?? [])
    }

    /// Reads them all; none from a database older than the marks.
    static func read(in connection: any DatabaseConnection) throws -> MarkedDates {
        var marked = MarkedDates()
        guard try DayMarkSQL.exists(in: connection) else { return marked }
        let statement = try connection.prepare("SELECT activity_id, local_date FROM day_mark")
        let anyDay = LocalDate(daysSinceEpoch: 0)
        while try statement.step() {
            // A date no traqt wrote marks nothing.
            guard let date = try? LocalDate.parse(statement.string(at: 1), today: anyDay) else { continue }
            let id = statement.withUTF8(at: 0) { Array($0) }
            if id.isEmpty { marked.everyActivity.append(date) } else { marked.byActivity[id, default: []].append(date) }
        }
        return marked
    }
}
