/// How readers find the marks (`0005-day-marks.sql`) in SQL that runs on
/// every engine. A day without marks must cost them nothing per activity: the
/// date index tells in one probe whether a date has any.
enum DayMarkSQL {
    /// Whether the database has the marks table: readers of an older schema
    /// (readers never migrate) find no marks.
    static func exists(in connection: any DatabaseConnection) throws -> Bool {
        try Schema.version(of: connection) >= Schema.dayMarksVersion
    }

    /// A condition that holds when the occurrence on the date `date` (a
    /// parameter such as `?3`) of the activity whose id is the expression `id`
    /// is marked neither by itself nor for every activity. The first two
    /// subqueries are not correlated, so each engine asks them once per
    /// statement; the activity's own mark is looked up only on a date that has marks.
    static func unmarked(id: String, date: String) -> String {
        """
        NOT EXISTS (SELECT 1 FROM day_mark WHERE activity_id = '' AND local_date = \(date)) \
        AND (NOT EXISTS (SELECT 1 FROM day_mark WHERE local_date = \(date)) \
        OR NOT EXISTS (SELECT 1 FROM day_mark WHERE activity_id = \(id) AND local_date = \(date)))
        """
    }

    /// The marks of one date, as a day's agenda needs them.
    struct OnDate {
        /// Whether every activity was marked skipped that date.
        var everyActivitySkipped = false
        /// Whether some activity has a mark of its own that date.
        var byActivity = false
    }

    /// Reads what `OnDate` says, in one query on the date index (of a database
    /// that has the marks: see `exists`).
    static func onDate(_ date: LocalDate, in connection: any DatabaseConnection) throws -> OnDate {
        var marks = OnDate()
        // The mark for every activity ('') sorts first; one row after it is enough.
        let statement = try connection.prepare(
            "SELECT activity_id FROM day_mark WHERE local_date = ?1 ORDER BY activity_id LIMIT 2")
        try statement.bind(date.description, at: 1)
        while try statement.step() {
            if statement.withUTF8(at: 0, { $0.isEmpty }) {
                marks.everyActivitySkipped = true
            } else {
                marks.byActivity = true
            }
        }
        return marks
    }
}
