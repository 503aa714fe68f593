/// Applies live-activity events inside one write transaction: the rules of
/// start, update and end, the time-spent sessions of those that run on an
/// activity, and pruning. Statements are prepared on first use and reused, so
/// a push of thousands of events prepares each once.
final class LiveWriter {
    private let connection: any DatabaseConnection
    /// The time of events that carry none, and what pruning counts from.
    let now: Instant

    init(connection: any DatabaseConnection, now: Instant) {
        self.connection = connection
        self.now = now
    }

    // MARK: - Reading the current run

    private lazy var selectRun = statement("""
        SELECT started_at, updated_at, ended_at, dismiss_at, max_duration, session_id, state, sent_at, last_push
        FROM live_activity WHERE id = ?1
        """)

    /// What the rules need of an id's current run: its instants and state
    /// (without its attributes and name), its time-spent session, and the
    /// last push applied to it.
    struct Run {
        var activity: LiveActivity
        var sessionID: Int?
        var sentAt: PushTimestamp?
        var lastPush: String?
    }

    /// The id's current run, or nil.
    private func run(of id: String) throws -> Run? {
        let select = try selectRun.get()
        defer { select.reset() }
        try select.bind(id, at: 1)
        guard try select.step() else { return nil }
        var activity = LiveActivity(id: id, startedAt: Instant(seconds: select.int(at: 0)),
                                    updatedAt: Instant(seconds: select.int(at: 1)),
                                    endedAt: select.optionalInstant(at: 2), dismissAt: select.optionalInstant(at: 3),
                                    maxDuration: select.int(at: 4))
        activity.state = select.string(at: 6)
        return Run(activity: activity, sessionID: select.isNull(at: 5) ? nil : select.int(at: 5),
                   sentAt: select.isNull(at: 7) ? nil : PushTimestamp(milliseconds: select.int(at: 7)),
                   lastPush: select.isNull(at: 8) ? nil : select.string(at: 8))
    }

    /// How a request reached the id: a token or a channel names one run, whose
    /// end is final; an id names whatever runs under it next.
    private enum Route {
        case id, token, channel
    }

    /// What a device would ignore of a push to `run`, as iOS ignores it:
    /// anything sent after the end (but a newer start by id, which starts a new
    /// run), a push older than the last one applied, the same request again,
    /// and a start to a running one that is not newer.
    private func skip(_ request: some LiveRequest, run: Run, route: Route) -> LiveSkip? {
        let ended = run.activity.endedAt ?? run.activity.end(at: now)
        let timestamp = request.order?.timestamp
        let notNewer = if let timestamp, let last = run.sentAt { timestamp <= last } else { false }
        if case .start = request.change {
            if let ended { return route == .id && !notNewer ? nil : .ended(at: ended) }
            // A newer start is a sender bug: `start` throws `alreadyRunning`.
            return notNewer ? .running(since: run.activity.startedAt) : nil
        }
        if let ended { return .ended(at: ended) }
        guard let timestamp, let last = run.sentAt else { return nil }
        if timestamp < last { return .older(than: last) }
        if timestamp == last, request.order?.payload == run.lastPush { return .sameRequest(timestamp) }
        return nil
    }

    /// Throws what the rules refuse in the request before any live activity is looked at.
    private func check(_ request: some LiveRequest) throws {
        if let refused = request.refusedBeforeApplying { throw request.refusal(refused) }
        if let timestamp = request.order?.timestamp, timestamp.instant.seconds > now.seconds + PushTimestamp.leeway {
            throw request.refusal(.timestampInFuture(timestamp, now: now))
        }
    }

    /// Applies one request: its address looked up, then skipped when a device
    /// would ignore it, else its change; what the rules refuse is thrown as the
    /// request's `refusal`. Nothing is written before the rules have passed, so
    /// a refused request leaves no trace in the transaction.
    func apply(_ request: some LiveRequest) throws -> LiveOutcome {
        try check(request)
        switch request.address {
        case let .id(id):
            return try apply(request, id: id, route: .id)
        case let .pushToken(text):
            guard let token = PushToken(text) else { throw request.refusal(.unknownPushToken(text)) }
            if let id = try liveID(of: token) { return try apply(request, id: id, route: .token) }
            guard let type = try pushToStartType(of: token) else { throw request.refusal(.unknownPushToken(text)) }
            return try pushToStart(request, type: type)
        case let .channel(channel):
            throw request.refusal(.unknownChannel(channel))
        }
    }

    /// Applies a request sent to a broadcast channel to each of its subscribers,
    /// in the order they started: one outcome each.
    func applyBroadcast(_ request: some LiveRequest, channel: String) throws -> [LiveOutcome] {
        try check(request)
        guard try channelExists(channel) else { throw request.refusal(.unknownChannel(channel)) }
        if case .start = request.change { throw request.refusal(.startOnChannel(channel)) }
        let select = try connection.prepare("SELECT id FROM live_activity WHERE channel = ?1 ORDER BY started_at, id")
        try select.bind(channel, at: 1)
        var ids: [String] = []
        while try select.step() { ids.append(select.string(at: 0)) }
        return try ids.map { try apply(request, id: $0, route: .channel) }
    }

    private func apply(_ request: some LiveRequest, id: String, route: Route) throws -> LiveOutcome {
        let run = try run(of: id)
        // A dismissed run's token stopped working then, and says since when, as APNs does.
        if route == .token, let dismissal = run?.activity.dismissal(at: now), now >= dismissal {
            throw request.refusal(.unregistered(id: id, since: dismissal))
        }
        if request.order != nil, let run, let skip = skip(request, run: run, route: route) { return .skipped(id: id, skip) }
        do {
            return try apply(request, id: id, run: run)
        } catch let error as LiveError {
            throw request.refusal(error)
        }
    }

    /// A start sent to the push-to-start token of `type`: a new live activity of
    /// that type, under a new id (a UUID, as ActivityKit gives one). The same
    /// request sent again (a sender retrying) starts nothing more.
    private func pushToStart(_ request: some LiveRequest, type: String) throws -> LiveOutcome {
        guard case let .start(start) = request.change else { throw request.refusal(.notAStart(type: type)) }
        if !start.missingForPushToStart.isEmpty {
            throw request.refusal(.incompleteStart(type: type, missing: start.missingForPushToStart))
        }
        guard start.type == type else { throw request.refusal(.wrongType(tokenType: type, given: start.type)) }
        if let order = request.order, let timestamp = order.timestamp,
           let id = try startedBefore(type: type, timestamp: timestamp, payload: order.payload) {
            return .skipped(id: id, .sameRequest(timestamp))
        }
        let id = try RandomBytes.uuid()
        do {
            return try apply(request, id: id, run: nil)
        } catch let error as LiveError {
            throw request.refusal(error)
        }
    }

    private lazy var selectByToken = statement("SELECT id FROM live_activity WHERE push_token = ?1")
    private lazy var selectPushToStart = statement("SELECT type FROM push_to_start_token WHERE token = ?1")
    private lazy var selectChannel = statement("SELECT 1 FROM push_channel WHERE id = ?1")
    private lazy var selectSameStart = statement("""
        SELECT id FROM live_activity WHERE type = ?1 AND sent_at = ?2 AND last_push = ?3
        """)

    private func liveID(of token: PushToken) throws -> String? {
        let select = try selectByToken.get()
        defer { select.reset() }
        try select.bind(token.hex, at: 1)
        return try select.step() ? select.string(at: 0) : nil
    }

    private func pushToStartType(of token: PushToken) throws -> String? {
        let select = try selectPushToStart.get()
        defer { select.reset() }
        try select.bind(token.hex, at: 1)
        return try select.step() ? select.string(at: 0) : nil
    }

    private func channelExists(_ channel: String) throws -> Bool {
        let select = try selectChannel.get()
        defer { select.reset() }
        try select.bind(channel, at: 1)
        return try select.step()
    }

    /// The run a push-to-start with this timestamp and payload already started.
    private func startedBefore(type: String, timestamp: PushTimestamp, payload: String) throws -> String? {
        let select = try selectSameStart.get()
        defer { select.reset() }
        try select.bind(type, at: 1)
        try select.bind(timestamp.milliseconds, at: 2)
        try select.bind(payload, at: 3)
        return try select.step() ? select.string(at: 0) : nil
    }

    /// Applies the request's change to the id whose current run is `run`, now.
    private func apply(_ request: some LiveRequest, id: String, run: Run?) throws -> LiveOutcome {
        let marks = EventMarks(request, at: now)
        switch request.change {
        case let .start(start): return try self.start(id, start, marks, run: run)
        case let .update(update): return try self.update(id, update, marks, run: run)
        case let .end(end): return try self.end(id, end, marks, run: run)
        }
    }

    /// What every event leaves on its run besides its change: the push's place
    /// in the order (a timestamped push moves it; others leave it), and the
    /// event's alert, shown until the next event.
    private struct EventMarks {
        var time: Instant
        var sentAt: Int?
        var payload: String?
        var alert: String?

        init(_ request: some LiveRequest, at time: Instant) {
            self.time = time
            sentAt = request.order?.timestamp?.milliseconds
            payload = sentAt == nil ? nil : request.order?.payload
            alert = request.alert
        }

        /// Binds sent_at, last_push, alert and alert_at from `first` on.
        func bind(to statement: any DatabaseStatement, from first: Int32) throws {
            try statement.bind(sentAt, at: first)
            try statement.bind(payload, at: first + 1)
            try statement.bind(alert, at: first + 2)
            try statement.bind(alert == nil ? nil : time.seconds, at: first + 3)
        }
    }

    // MARK: - Start

    private lazy var insertRun = statement("""
        INSERT INTO live_activity (id, type, activity_id, attributes, state, started_at, updated_at,
            ended_at, stale_at, dismiss_at, max_duration, relevance, session_id, push_token, channel,
            sent_at, last_push, alert, alert_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, NULL, ?7, NULL, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
        ON CONFLICT (id) DO UPDATE SET type = excluded.type, activity_id = excluded.activity_id,
            attributes = excluded.attributes, state = excluded.state, started_at = excluded.started_at,
            updated_at = excluded.updated_at, ended_at = NULL, stale_at = excluded.stale_at, dismiss_at = NULL,
            max_duration = excluded.max_duration, relevance = excluded.relevance, session_id = excluded.session_id,
            push_token = excluded.push_token, channel = excluded.channel, sent_at = excluded.sent_at,
            last_push = excluded.last_push, alert = excluded.alert, alert_at = excluded.alert_at
        """)
    private lazy var selectActivityName = statement("SELECT name FROM activity WHERE id = ?1")
    private lazy var insertSession = statement("""
        INSERT INTO time_spent (activity_id, activity_name, live_id, started_at, ends_by)
        VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id
        """)

    private func start(_ id: String, _ start: LiveStart, _ marks: EventMarks, run: Run?) throws -> LiveOutcome {
        let time = marks.time
        // An id whose run has ended starts a new run, which replaces it.
        if let run = run?.activity, run.endedAt == nil, run.end(at: time) == nil {
            throw LiveError.alreadyRunning(id: id, since: run.startedAt)
        }
        var activity: (id: String, name: String)?
        switch start.activity {
        case .none: break
        case let .required(activityID):
            guard let name = try activityName(activityID) else { throw LiveError.unknownActivity(activityID) }
            activity = (activityID, name)
        case let .ifExists(activityID):
            activity = try activityName(activityID).map { (activityID, $0) }
        }
        if let channel = start.channel, !(try channelExists(channel)) { throw LiveError.unknownChannel(channel) }
        let limit = start.maxDuration.seconds
        var sessionID: Int?
        if let activity {
            let insert = try insertSession.get()
            defer { insert.reset() }
            try insert.bind(activity.id, at: 1)
            try insert.bind(activity.name, at: 2)
            try insert.bind(id, at: 3)
            try insert.bind(time.seconds, at: 4)
            try insert.bind(limit > 0 ? time.seconds + limit : nil, at: 5)
            try insert.step()
            sessionID = insert.int(at: 0)
        }
        let insert = try insertRun.get()
        defer { insert.reset() }
        try insert.bind(id, at: 1)
        try insert.bind(start.type, at: 2)
        try insert.bind(activity?.id, at: 3)
        try insert.bind(start.attributes.text, at: 4)
        try insert.bind(start.state.text, at: 5)
        try insert.bind(time.seconds, at: 6)
        try insert.bind(start.stale?.instant(after: time).seconds, at: 7)
        try insert.bind(limit, at: 8)
        try insert.bind(start.relevance, at: 9)
        try insert.bind(sessionID, at: 10)
        // Each run gets a token of its own: a sender holding the last run's cannot reach this one.
        let token = try PushToken.random()
        try insert.bind(token.hex, at: 11)
        try insert.bind(start.channel, at: 12)
        try marks.bind(to: insert, from: 13)
        try insert.run()
        return .started(id: id, pushToken: start.reportsPushToken ? token.hex : nil)
    }

    private func activityName(_ activityID: String) throws -> String? {
        let select = try selectActivityName.get()
        defer { select.reset() }
        try select.bind(activityID, at: 1)
        guard try select.step() else { return nil }
        // The session keeps the name, which summary shows: one no traqt could
        // have stored is refused here, like every reader refuses it.
        if let detail = select.withUTF8(at: 0, StoredText.nameProblem) {
            throw StoreError.invalidRow(path: connection.location, table: "activity", key: activityID, detail: detail)
        }
        return select.string(at: 0)
    }

    // MARK: - Update

    private lazy var updateRun = statement("""
        UPDATE live_activity SET state = coalesce(?2, state), stale_at = ?3,
            relevance = coalesce(?4, relevance),
            updated_at = CASE WHEN updated_at > ?5 THEN updated_at ELSE ?5 END,
            sent_at = coalesce(?6, sent_at), last_push = coalesce(?7, last_push), alert = ?8, alert_at = ?9
        WHERE id = ?1
        """)

    private func update(_ id: String, _ update: LiveUpdate, _ marks: EventMarks, run: Run?) throws -> LiveOutcome {
        let time = marks.time
        guard let run = run?.activity else { throw LiveError.unknownID(id) }
        if let end = run.endedAt ?? run.end(at: time) { throw LiveError.ended(id: id, at: end) }
        let state: String?
        switch update.state {
        case .keep: state = nil
        case let .replace(object): state = object.text
        case let .set(changes): state = try LiveObject(stored: run.state).setting(changes, field: "state").text
        }
        let statement = try updateRun.get()
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        try statement.bind(state, at: 2)
        try statement.bind(update.stale?.instant(after: time).seconds, at: 3)
        try statement.bind(update.relevance, at: 4)
        try statement.bind(time.seconds, at: 5)
        try marks.bind(to: statement, from: 6)
        try statement.run()
        return .updated(id: id)
    }

    // MARK: - End

    private lazy var endRun = statement("""
        UPDATE live_activity SET ended_at = ?2, dismiss_at = ?3, state = coalesce(?4, state),
            stale_at = coalesce(?5, stale_at), relevance = coalesce(?6, relevance),
            updated_at = CASE WHEN updated_at > ?7 THEN updated_at ELSE ?7 END,
            sent_at = coalesce(?8, sent_at), last_push = coalesce(?9, last_push), alert = ?10, alert_at = ?11
        WHERE id = ?1
        """)
    /// The session ends, under the name its activity has now (if it still exists).
    private lazy var endSession = statement("""
        UPDATE time_spent SET ended_at = ?2,
            activity_name = coalesce((SELECT name FROM activity WHERE activity.id = time_spent.activity_id), activity_name)
        WHERE id = ?1
        """)

    private func end(_ id: String, _ end: LiveEnd, _ marks: EventMarks, run: Run?) throws -> LiveOutcome {
        let time = marks.time
        guard let stored = run else { throw LiveError.unknownID(id) }
        let run = stored.activity
        if run.endedAt != nil || run.end(at: time) != nil {
            return .alreadyEnded(id: id, elapsedSeconds: run.elapsedSeconds(at: max(time, run.endedAt ?? time)))
        }
        let endedAt = max(time, run.startedAt)
        let statement = try endRun.get()
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        try statement.bind(endedAt.seconds, at: 2)
        try statement.bind(end.dismissal.dismissAt(end: endedAt).seconds, at: 3)
        try statement.bind(end.state?.text, at: 4)
        try statement.bind(end.stale?.instant(after: time).seconds, at: 5)
        try statement.bind(end.relevance, at: 6)
        try statement.bind(time.seconds, at: 7)
        try marks.bind(to: statement, from: 8)
        try statement.run()
        if let sessionID = stored.sessionID {
            let close = try endSession.get()
            defer { close.reset() }
            try close.bind(sessionID, at: 1)
            try close.bind(endedAt.seconds, at: 2)
            try close.run()
        }
        return .ended(id: id, elapsedSeconds: endedAt.seconds - run.startedAt.seconds)
    }

    // MARK: - Ending all

    /// The ids of every run not ended at `now`, of `type` if given, by start.
    func runningIDs(type: String?) throws -> [String] {
        let select = try connection.prepare("""
            SELECT id, started_at, max_duration FROM live_activity
            WHERE ended_at IS NULL AND (?1 IS NULL OR type = ?1) ORDER BY started_at, id
            """)
        try select.bind(type, at: 1)
        var ids: [String] = []
        while try select.step() {
            let run = LiveActivity(id: "", startedAt: Instant(seconds: select.int(at: 1)), maxDuration: select.int(at: 2))
            if run.end(at: now) == nil { ids.append(select.string(at: 0)) }
        }
        return ids
    }

    // MARK: - Pruning

    /// Deletes the runs dismissed more than the retention period before now,
    /// through the index on the moment of dismissal (the expression must stay
    /// the index's, 14400 being `LiveActivity.dismissalWindow`). Their time spent
    /// stays: sessions are rows of their own.
    func prune() throws {
        let delete = try connection.prepare("""
            DELETE FROM live_activity
            WHERE coalesce(dismiss_at, CASE WHEN max_duration > 0 THEN started_at + max_duration + 14400 END) <= ?1
            """)
        try delete.bind(now.seconds - LiveActivity.retentionSeconds, at: 1)
        try delete.run()
    }

    /// A statement prepared when first used.
    private func statement(_ sql: String) -> PreparedOnce {
        PreparedOnce(connection: connection, sql: sql)
    }
}
