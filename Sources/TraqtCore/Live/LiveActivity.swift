/// Something under way whose state changes while it runs: a stopwatch on an
/// activity, a delivery, a build. Stored once per id (its latest run); what it
/// shows at a moment (status, elapsed time, whether its time limit ended it) is
/// computed from its instants when read, so readers never write and nothing is
/// written while it runs. The rules follow Apple's ActivityKit.
public struct LiveActivity: Equatable, Sendable {
    /// `type` when none is given.
    public static let defaultType = "stopwatch"
    /// How long one may run before it counts as ended, when none is given (as on iOS).
    public static let defaultMaxDuration = TimeSpan(seconds: 8 * 3600)
    /// How long an ended one stays listed at most (and by default) before it is dismissed.
    public static let dismissalWindow = 4 * 3600
    /// A dismissed one is pruned by the first start (or push) this long after its dismissal.
    public static let retentionSeconds = 90 * 86_400

    public var id: String
    public var type: String
    /// The activity it runs on, if any.
    public var activityId: String?
    /// What readers call it: the activity's name, else the `name` or `title`
    /// attribute, else the id.
    public var name: String
    /// The static attributes: compact JSON of an object, set at start.
    public var attributes: String
    /// The dynamic content: compact JSON of an object, replaced by each update.
    public var state: String
    public var startedAt: Instant
    /// The time of the last event applied (start, update or end).
    public var updatedAt: Instant
    /// When it was ended; nil while it runs (or when only its time limit ended it).
    public var endedAt: Instant?
    /// When its content goes stale; belongs to the content of the last start or update.
    public var staleAt: Instant?
    /// When it is dismissed; set when it is ended.
    public var dismissAt: Instant?
    /// Seconds it may run before it counts as ended; 0: no limit.
    public var maxDuration: Int
    /// Readers show the most relevant first.
    public var relevance: Double
    /// What a sender addresses this run by (64 hex digits), made at its start;
    /// nil for a run started before traqt made tokens, until `live token` makes one.
    public var pushToken: String?
    /// The sender's timestamp of the last push applied to it (`sentAt`): what
    /// orders pushes; nil until a push with a timestamp is applied.
    public var sentAt: PushTimestamp?
    /// The alert of its last event (compact JSON of an object), shown until the next event.
    public var alert: String?
    public var alertAt: Instant?
    /// The broadcast channel it subscribed to at its start.
    public var channel: String?

    public init(id: String, type: String = defaultType, activityId: String? = nil, name: String? = nil,
                attributes: String = "{}", state: String = "{}", startedAt: Instant, updatedAt: Instant? = nil,
                endedAt: Instant? = nil, staleAt: Instant? = nil, dismissAt: Instant? = nil,
                maxDuration: Int = defaultMaxDuration.seconds, relevance: Double = 0, pushToken: String? = nil) {
        self.id = id
        self.type = type
        self.activityId = activityId
        self.name = name ?? id
        self.attributes = attributes
        self.state = state
        self.startedAt = startedAt
        self.updatedAt = updatedAt ?? startedAt
        self.endedAt = endedAt
        self.staleAt = staleAt
        self.dismissAt = dismissAt
        self.maxDuration = maxDuration
        self.relevance = relevance
        self.pushToken = pushToken
    }

    /// Start plus the time limit: when it counts as ended unless ended before; nil without a limit.
    public var limitEnd: Instant? {
        maxDuration > 0 ? Instant(seconds: startedAt.seconds + maxDuration) : nil
    }

    /// When it ended, as seen at `now`: its end, or its time limit once now has
    /// reached it; nil while it runs.
    public func end(at now: Instant) -> Instant? {
        let ends = [endedAt, limitEnd].compactMap { $0 }
        guard let end = ends.min(), now >= end else { return nil }
        return end
    }

    /// When it is (or was) dismissed, as seen at `now`; nil while it runs. One
    /// that only its time limit ended is dismissed by the default policy.
    public func dismissal(at now: Instant) -> Instant? {
        guard let end = end(at: now) else { return nil }
        if endedAt != nil, let dismissAt { return dismissAt }
        return DismissalPolicy.default.dismissAt(end: end)
    }

    /// Its status at `now`. Every boundary belongs to the later state: at
    /// exactly `staleAt` it is stale, at exactly its end ended, at exactly its
    /// dismissal dismissed.
    public func status(at now: Instant) -> LiveStatus {
        if let dismissal = dismissal(at: now) {
            return now >= dismissal ? .dismissed : .ended
        }
        if let staleAt, now >= staleAt { return .stale }
        return .active
    }

    /// Whole seconds from its start to its end, or to `now` while it runs.
    public func elapsedSeconds(at now: Instant) -> Int {
        max(0, (end(at: now) ?? now).seconds - startedAt.seconds)
    }

    /// A stopwatch's face: `mm:ss` under an hour, `hh:mm:ss` from an hour on
    /// (`05:07`, `01:02:03`).
    public static func elapsedText(seconds: Int) -> String {
        let seconds = max(0, seconds)
        return text { buffer in
            if seconds >= 3600 {
                // A run without a time limit may pass 99 hours: the hours are not cut.
                let hours = seconds / 3600
                if hours < 10 { buffer.append(UInt8(ascii: "0")) }
                buffer.append(contentsOf: String(hours).utf8)
                buffer.append(UInt8(ascii: ":"))
            }
            appendTwoDigits(seconds / 60 % 60, to: &buffer)
            buffer.append(UInt8(ascii: ":"))
            appendTwoDigits(seconds % 60, to: &buffer)
        }
    }
}

/// Where a live activity is in its life at a moment.
public enum LiveStatus: String, Sendable {
    case active, stale, ended, dismissed
}
