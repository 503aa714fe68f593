extension ActivityStore {
    // MARK: - Writing: done and skip

    /// Marks every date from `from` to `to` (inclusive) as `kind` for `target`,
    /// in one write transaction, all or nothing. Refused (`DayMarkError`, nothing
    /// marked) when an id is unknown, when none of the dates is one of an
    /// activity's days, or when `due` has recorded any of those occurrences:
    /// what `due` decided stays as it is. A done mark replaces a skip; a skip
    /// leaves a done mark alone.
    @discardableResult
    public func mark(_ kind: DayMarkKind, _ target: MarkTarget, from: LocalDate, to: LocalDate,
                     now: Instant) throws -> [MarkOutcome] {
        try write { connection in
            guard let connection else { throw Self.unknown(target) }
            let dates = Self.dates(from: from, to: to)
            let keys: [String]
            switch target {
            case let .activities(requested):
                let ids = Self.uniqueIDs(requested)
                let days = try Self.days(of: ids, in: connection)
                for (id, days) in zip(ids, days) where !dates.contains(where: { days.contains(weekday: $0.weekday) }) {
                    throw DayMarkError.notScheduled(id: id, days: days, from: from, to: to)
                }
                keys = ids
            case .everyActivity:
                keys = [MarkTarget.everyActivityID]
            }
            let decided = try Self.decidedOccurrences(of: target, keys: keys, from: from, to: to, in: connection)
            if !decided.isEmpty { throw DayMarkError.decided(decided) }

            let insert = try connection.prepare("""
                INSERT INTO day_mark (activity_id, local_date, kind, marked_at) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (activity_id, local_date) DO UPDATE SET kind = excluded.kind, marked_at = excluded.marked_at
                WHERE day_mark.kind = 'skipped' AND excluded.kind = 'done'
                """)
            return try keys.map { key in
                var changed = 0
                for date in dates {
                    try insert.bind(key, at: 1)
                    try insert.bind(date.description, at: 2)
                    try insert.bind(kind.rawValue, at: 3)
                    try insert.bind(now.seconds, at: 4)
                    try insert.run()
                    changed += connection.changes
                    insert.reset()
                }
                return MarkOutcome(id: key == MarkTarget.everyActivityID ? nil : key, changedDates: changed)
            }
        }
    }

    /// Takes back the marks of `kind` from `from` to `to` for `target` (all or
    /// nothing: an unknown id removes none). Never refused for a day `due` has
    /// passed: without the mark, the occurrence is what the record and the
    /// time say.
    @discardableResult
    public func unmark(_ kind: DayMarkKind, _ target: MarkTarget, from: LocalDate, to: LocalDate) throws -> [MarkOutcome] {
        try write { connection in
            guard let connection else {
                if case .everyActivity = target { return [MarkOutcome(id: nil, changedDates: 0)] }
                throw Self.unknown(target)
            }
            let keys: [String]
            switch target {
            case let .activities(requested):
                keys = Self.uniqueIDs(requested)
                // Throws when any is unknown: all or none.
                _ = try Self.days(of: keys, in: connection)
            case .everyActivity:
                keys = [MarkTarget.everyActivityID]
            }
            let delete = try connection.prepare(
                "DELETE FROM day_mark WHERE activity_id = ?1 AND local_date BETWEEN ?2 AND ?3 AND kind = ?4")
            return try keys.map { key in
                try delete.bind(key, at: 1)
                try delete.bind(from.description, at: 2)
                try delete.bind(to.description, at: 3)
                try delete.bind(kind.rawValue, at: 4)
                try delete.run()
                delete.reset()
                return MarkOutcome(id: key == MarkTarget.everyActivityID ? nil : key, changedDates: connection.changes)
            }
        }
    }

    /// The error for ids asked of a database that does not exist.
    private static func unknown(_ target: MarkTarget) -> DayMarkError {
        if case let .activities(ids) = target { return .unknownIDs(uniqueIDs(ids)) }
        return .unknownIDs([])
    }

    /// Each id once, in the order given, compared byte for byte as the
    /// database compares them.
    private static func uniqueIDs(_ ids: [String]) -> [String] {
        var seen = Set<[UInt8]>()
        return ids.filter { seen.insert(Array($0.utf8)).inserted }
    }

    private static func dates(from: LocalDate, to: LocalDate) -> [LocalDate] {
        (from.daysSinceEpoch...max(from.daysSinceEpoch, to.daysSinceEpoch)).map(LocalDate.init(daysSinceEpoch:))
    }

    /// The days of each activity; throws naming every unknown id.
    private static func days(of ids: [String], in connection: any DatabaseConnection) throws -> [Weekdays] {
        let select = try connection.prepare("SELECT days_of_week FROM activity WHERE id = ?1")
        var days: [Weekdays] = [], unknown: [String] = []
        for id in ids {
            try select.bind(id, at: 1)
            if try select.step() {
                days.append(Weekdays(mask: select.int(at: 0)) ?? .daily)
            } else {
                unknown.append(id)
            }
            select.reset()
        }
        if !unknown.isEmpty { throw DayMarkError.unknownIDs(unknown) }
        return days
    }

    /// The occurrences `due` recorded on those dates: of the activities, or,
    /// for every activity, of any activity there is (a removed one's records
    /// are no occurrence of anything now). By date, then time, then id.
    private static func decidedOccurrences(of target: MarkTarget, keys: [String], from: LocalDate, to: LocalDate,
                                           in connection: any DatabaseConnection) throws -> [DecidedOccurrence] {
        let select = "SELECT o.activity_id, o.local_date, o.status, o.fired_at FROM occurrence AS o"
        let order = "ORDER BY o.local_date, o.scheduled_at, o.activity_id"
        var decided: [DecidedOccurrence] = []
        func collect(_ statement: any DatabaseStatement) throws {
            while try statement.step() {
                decided.append(DecidedOccurrence(id: statement.string(at: 0), date: statement.string(at: 1),
                                                 status: statement.string(at: 2), firedAt: statement.optionalInstant(at: 3)))
            }
            statement.reset()
        }
        switch target {
        case .activities:
            let statement = try connection.prepare(
                "\(select) WHERE o.activity_id = ?3 AND o.local_date BETWEEN ?1 AND ?2 \(order)")
            for key in keys {
                try statement.bind(from.description, at: 1)
                try statement.bind(to.description, at: 2)
                try statement.bind(key, at: 3)
                try collect(statement)
            }
        case .everyActivity:
            // A date's instants, in whatever zone its record was made, lie within
            // two days before its UTC midnight and three after (see
            // `ReminderLedger.State.mayHaveRecords`): a range of the time index,
            // then the dates themselves.
            let statement = try connection.prepare("""
                \(select) JOIN activity AS a ON a.id = o.activity_id
                WHERE o.scheduled_at BETWEEN ?3 AND ?4 AND o.local_date BETWEEN ?1 AND ?2 \(order)
                """)
            try statement.bind(from.description, at: 1)
            try statement.bind(to.description, at: 2)
            try statement.bind((from.daysSinceEpoch - 2) * 86_400, at: 3)
            try statement.bind((to.daysSinceEpoch + 3) * 86_400, at: 4)
            try collect(statement)
        }
        return decided
    }
}
