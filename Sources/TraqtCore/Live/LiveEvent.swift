/// One thing that happens to a live activity: it starts, its content is
/// updated, or it ends, as a live command asks for it: one per command (or per
/// id), happening when it is applied. A pushed notification is the other
/// `LiveRequest`.
public struct LiveEvent: Sendable {
    public var id: String
    public var change: LiveChange

    public init(id: String, change: LiveChange) {
        self.id = id
        self.change = change
    }
}

public enum LiveChange: Sendable {
    case start(LiveStart)
    case update(LiveUpdate)
    case end(LiveEnd)
}

public struct LiveStart: Sendable {
    /// Which activity the live activity runs on.
    public enum Activity: Sendable {
        case none
        /// This activity, which must exist (`live start ACTIVITY_ID`).
        case required(String)
        /// This activity if it exists (a pushed start whose id is an activity's).
        case ifExists(String)
    }

    public var type: String
    public var activity: Activity
    public var attributes: LiveObject
    public var state: LiveObject
    public var stale: StaleTime?
    public var relevance: Double
    public var maxDuration: TimeSpan
    /// What a start sent to a push-to-start token must carry and this one does
    /// not (`attributes-type`, `attributes`, `alert`, as iOS requires); a start
    /// to an id needs none of them.
    public var missingForPushToStart: [String]
    /// `input-push-token`: the sender wants the new run's push token back.
    public var reportsPushToken: Bool
    /// `input-push-channel`: the broadcast channel the run subscribes to.
    public var channel: String?

    public init(type: String = LiveActivity.defaultType, activity: Activity = .none,
                attributes: LiveObject = .empty, state: LiveObject = .empty, stale: StaleTime? = nil,
                relevance: Double = 0, maxDuration: TimeSpan = LiveActivity.defaultMaxDuration,
                missingForPushToStart: [String] = [], reportsPushToken: Bool = false, channel: String? = nil) {
        self.type = type
        self.activity = activity
        self.attributes = attributes
        self.state = state
        self.stale = stale
        self.relevance = relevance
        self.maxDuration = maxDuration
        self.missingForPushToStart = missingForPushToStart
        self.reportsPushToken = reportsPushToken
        self.channel = channel
    }
}

public struct LiveUpdate: Sendable {
    public enum State: Sendable {
        case keep
        case replace(LiveObject)
        /// Sets these top-level members and keeps the rest (`--set KEY=VALUE`).
        case set([(key: String, value: JSONValue)])
    }

    public var state: State
    /// The new content's stale time; nil clears it (it belongs to the content).
    public var stale: StaleTime?
    /// nil keeps the relevance.
    public var relevance: Double?

    public init(state: State = .keep, stale: StaleTime? = nil, relevance: Double? = nil) {
        self.state = state
        self.stale = stale
        self.relevance = relevance
    }
}

public struct LiveEnd: Sendable {
    /// The final content; nil keeps the state.
    public var state: LiveObject?
    public var dismissal: DismissalPolicy
    /// A stale time sent with the end; nil keeps the one it had.
    public var stale: StaleTime?
    public var relevance: Double?

    public init(state: LiveObject? = nil, dismissal: DismissalPolicy = .default,
                stale: StaleTime? = nil, relevance: Double? = nil) {
        self.state = state
        self.dismissal = dismissal
        self.stale = stale
        self.relevance = relevance
    }
}
