import TraqtMigrations

/// How readers find the marks (`0005-day-marks.sql`), in SQL that runs on
/// every engine. Marks are rare, and a day without them must cost a reader
/// nothing per activity: each reader first asks the date's marks once (one
/// probe of their date index, `onDate`), then reads a day off for every
/// activity as nothing at all, and looks up an activity's own mark (`unmarked`)
/// only on a date that has such marks.
enum DayMarkSQL {
    /// Whether the database has the marks table: readers of an older schema
    /// (readers never migrate) find no marks.
    static func exists(in connection: any DatabaseConnection) throws -> Bool {
        try Schema.has(.dayMarks, in: connection)
    }

    /// A condition that holds when the activity whose id is the expression
    /// `id` has no mark of its own on the date `date` (a parameter such as `?3`).
    static func unmarked(id: String, date: String) -> String {
        "NOT EXISTS (SELECT 1 FROM day_mark WHERE activity_id = \(id) AND local_date = \(date))"
    }

    /// The marks of one date, as a day's agenda needs them.
    struct OnDate {
        /// Whether every activity was marked skipped that date.
        var everyActivitySkipped = false
        /// Whether some activity has a mark of its own that date.
        var byActivity = false
    }

    /// Reads what `OnDate` says, in one query on the date index, of a database
    /// that has the marks (`exists`).
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
