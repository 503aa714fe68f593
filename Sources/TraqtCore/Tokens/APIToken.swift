/// A bearer token for `traqt serve`, as listed: never its secret, which is
/// shown once when made and stored only as its SHA-256.
public struct APIToken: Equatable, Sendable {
    public let name: String
    public let scope: APIScope
    /// The bundle id a push token is limited to; nil: any.
    public let topic: String?
    public let createdAt: Instant
    /// nil: it never expires.
    public let expiresAt: Instant?

    public init(name: String, scope: APIScope, topic: String?, createdAt: Instant, expiresAt: Instant?) {
        self.name = name
        self.scope = scope
        self.topic = topic
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Expired from the moment `expiresAt` names on: the boundary belongs to the
    /// later state, as live activities' boundaries do.
    public func isExpired(at now: Instant) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }

    public static let maximumNameLength = 64
    public static let maximumTopicLength = 255

    /// Refuses a name that is not 1 to 64 characters of `A-Z a-z 0-9 . _ -`:
    /// it is typed in shells and shown in logs, where nothing else is safe.
    public static func validate(name: String) throws(APITokenError) {
        guard isWellFormed(name: name.utf8) else { throw .invalidName(name) }
    }

    /// Refuses a topic that is not a bundle id: 1 to 255 characters of
    /// `A-Z a-z 0-9 . -`, as APNs topics are.
    public static func validate(topic: String) throws(APITokenError) {
        guard isWellFormed(topic: topic.utf8) else { throw .invalidTopic(topic) }
    }

    static func isWellFormed(name bytes: some Collection<UInt8>) -> Bool {
        (1...maximumNameLength).contains(bytes.count)
            && bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    static func isWellFormed(topic bytes: some Collection<UInt8>) -> Bool {
        (1...maximumTopicLength).contains(bytes.count)
            && bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
