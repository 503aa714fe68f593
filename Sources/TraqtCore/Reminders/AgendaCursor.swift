/// One day's agenda read an occurrence at a time, in time order (then name,
/// then id, the table's key), each joined in SQL with its record: memory stays
/// flat whatever the day holds. The current occurrence is read in place and is
/// valid until the next `next()`. Valid only inside the `readAgenda` call that
/// made it.
public final class AgendaCursor {
    public let date: LocalDate
    /// nil for a database with nothing to read.
    private let statement: (any DatabaseStatement)?
    /// The database's, for messages.
    private let path: String
    private var instants: DayInstants
    private let now: Instant
    /// Whether `date` is after the day of `now`.
    private let isLaterDay: Bool
    private let state: ReminderLedger.State?
    /// Whether every activity was marked skipped on `date`.
    private let everyActivitySkipped: Bool
    /// `scheduledAt` as JSON text, by minute of the day, made once each.
    private var scheduledTexts = [[UInt8]?](repeating: nil, count: TimeOfDay.range.count)
    /// The last `firedAt` written as JSON: one `due` run fires many at once.
    private var firedText = (seconds: Int.min, text: [UInt8]())

    init(_ connection: any DatabaseConnection, date: LocalDate, now: Instant, state: ReminderLedger.State?,
         hasLedger: Bool, marks: DayMarkSQL.OnDate) throws {
        // Columns 4-7 are the record, 8-9 the activity's own mark, NULL when
        // there is none. Each join probes its key (activity, date) once per
        // activity of the day, so it is left out for a day none can be of:
        // records on most of a week ahead, marks on most days.
        let records = hasLedger && state?.mayHaveRecords(on: date) == true
        var columns = records ? "o.status, o.scheduled_at, o.fired_at, o.exit_status" : "NULL, NULL, NULL, NULL"
        columns += marks.byActivity ? ", m.kind, m.marked_at" : ", NULL, NULL"
        var joins = records ? " LEFT JOIN occurrence AS o ON o.activity_id = a.id AND o.local_date = ?2" : ""
        joins += marks.byActivity ? " LEFT JOIN day_mark AS m ON m.activity_id = a.id AND m.local_date = ?2" : ""
        let statement = try connection.prepare("""
            SELECT a.id, a.name, a.days_of_week, a.time_of_day, \(columns) FROM activity AS a\(joins)
            WHERE (a.days_of_week & ?1) != 0 ORDER BY a.time_of_day, a.name, a.id
            """)
        (self.date, self.statement, instants, path) = (date, statement, DayInstants(date), connection.location)
        (self.now, isLaterDay, self.state) = (now, date > now.localDate, state)
        everyActivitySkipped = marks.everyActivitySkipped
        try bind()
    }

    /// A day with nothing in it (a missing database).
    init(emptyOn date: LocalDate) {
        (self.date, statement, instants, path) = (date, nil, DayInstants(date), "")
        (now, isLaterDay, state, everyActivitySkipped) = (Instant(seconds: 0), false, nil, false)
    }

    private func bind() throws {
        guard let statement else { return }
        try statement.bind(1 << date.weekday, at: 1)
        if statement.parameterCount == 2 { try statement.bind(date.description, at: 2) }
    }

    /// Moves to the next occurrence; false when the day has no more. Throws
    /// for a row whose time another program wrote past the table's CHECK (it
    /// has no place in the day), or whose id or name no traqt could have stored.
    public func next() throws -> Bool {
        guard let statement, try statement.step() else { return false }
        guard TimeOfDay.range.contains(minutes) else {
            throw ActivityRow.invalidTime(minutes, key: statement.string(at: 0), path: path)
        }
        // The same first columns as an activity row's.
        try ActivityRow(statement).checkText(path: path)
        return true
    }

    /// Goes back to before the first occurrence, for another pass over the
    /// same snapshot.
    public func rewind() throws {
        statement?.reset()
        try bind()
    }

    // MARK: - The current occurrence

    /// Its time of day, in minutes since midnight.
    public var minutes: Int { statement!.int(at: 3) }

    public func withIDBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try statement!.withUTF8(at: 0, body)
    }

    public func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try statement!.withUTF8(at: 1, body)
    }

    /// When it happens (see `LocalZone.instant(of:)`).
    public var scheduledAt: Instant { Instant(seconds: instants.instant(minutes: minutes)) }

    /// What `due` recorded, else how it was marked (its own mark first), else
    /// what the time and the earlier `due` runs say.
    public var status: OccurrenceStatus {
        let statement = statement!
        guard !statement.isNull(at: 4) else {
            if !statement.isNull(at: 8) {
                // 'done' or 'skipped' (the table's CHECK).
                return statement.withUTF8(at: 8, { $0.first }) == UInt8(ascii: "d")
                    ? .done(at: Instant(seconds: statement.int(at: 9))) : .skipped
            }
            if everyActivitySkipped { return .skipped }
            return .unrecorded(scheduledAt: scheduledAt.seconds, isLaterDay: isLaterDay, now: now, state: state)
        }
        let recorded = statement.int(at: 5), firedAt = statement.int(at: 6)
        // 'fired', 'failed', 'missed', 'started' or 'claimed' (the table's
        // CHECK): told apart by length and first letter.
        switch statement.withUTF8(at: 4, { ($0.count, $0.first) }) {
        case (5, UInt8(ascii: "f")?):
            return .fired(at: Instant(seconds: firedAt), lateSeconds: firedAt - recorded)
        case (6, UInt8(ascii: "f")?):
            return .failed(at: Instant(seconds: firedAt), lateSeconds: firedAt - recorded,
                           exitStatus: statement.int(at: 7))
        case (7, UInt8(ascii: "s")?):
            return .started(at: Instant(seconds: firedAt), lateSeconds: firedAt - recorded)
        case (7, UInt8(ascii: "c")?):
            return .claimed
        default:
            return .missed
        }
    }

    /// A `firedAt`'s text, quoted.
    func appendFiredAtJSON(_ instant: Instant, to buffer: inout [UInt8]) {
        if firedText.seconds != instant.seconds {
            firedText = (instant.seconds, [])
            JSONWriter.appendText(of: instant.appendText, to: &firedText.text)
        }
        buffer.append(contentsOf: firedText.text)
    }

    /// `scheduledAt`'s text, quoted, made once per time of day.
    func appendScheduledAtJSON(to buffer: inout [UInt8]) {
        let minutes = self.minutes
        if let text = scheduledTexts[minutes] {
            buffer.append(contentsOf: text)
            return
        }
        var text: [UInt8] = []
        JSONWriter.appendText(of: scheduledAt.appendText, to: &text)
        scheduledTexts[minutes] = text
        buffer.append(contentsOf: text)
    }
}
