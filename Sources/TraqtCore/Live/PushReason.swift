/// Why a pushed notification was refused, as a sender reads it: the reason
/// APNs would give (Apple, "Handling notification responses from APNs") with
/// the HTTP status it answers with, or traqt's own where APNs has none.
public struct PushReason: Hashable, Sendable, CustomStringConvertible {
    /// As APNs spells it (`BadDeviceToken`); traqt's own are spelled alike.
    public let name: String
    public let status: Int
    /// Whether APNs itself answers with it.
    public let isAPNs: Bool

    private init(_ name: String, _ status: Int, apns: Bool = true) {
        self.name = name
        self.status = status
        isAPNs = apns
    }

    public var description: String { name }

    // APNs's reasons, by status.
    public static let badCollapseId = PushReason("BadCollapseId", 400)
    public static let badDeviceToken = PushReason("BadDeviceToken", 400)
    public static let badExpirationDate = PushReason("BadExpirationDate", 400)
    public static let badMessageId = PushReason("BadMessageId", 400)
    public static let badPriority = PushReason("BadPriority", 400)
    public static let badTopic = PushReason("BadTopic", 400)
    public static let deviceTokenNotForTopic = PushReason("DeviceTokenNotForTopic", 400)
    public static let duplicateHeaders = PushReason("DuplicateHeaders", 400)
    public static let idleTimeout = PushReason("IdleTimeout", 400)
    public static let invalidPushType = PushReason("InvalidPushType", 400)
    public static let missingDeviceToken = PushReason("MissingDeviceToken", 400)
    public static let missingTopic = PushReason("MissingTopic", 400)
    public static let payloadEmpty = PushReason("PayloadEmpty", 400)
    public static let topicDisallowed = PushReason("TopicDisallowed", 400)
    public static let badCertificate = PushReason("BadCertificate", 403)
    public static let badCertificateEnvironment = PushReason("BadCertificateEnvironment", 403)
    public static let expiredProviderToken = PushReason("ExpiredProviderToken", 403)
    public static let forbidden = PushReason("Forbidden", 403)
    public static let invalidProviderToken = PushReason("InvalidProviderToken", 403)
    public static let missingProviderToken = PushReason("MissingProviderToken", 403)
    public static let unrelatedKeyIdInToken = PushReason("UnrelatedKeyIdInToken", 403)
    public static let badPath = PushReason("BadPath", 404)
    public static let methodNotAllowed = PushReason("MethodNotAllowed", 405)
    public static let expiredToken = PushReason("ExpiredToken", 410)
    public static let unregistered = PushReason("Unregistered", 410)
    public static let payloadTooLarge = PushReason("PayloadTooLarge", 413)
    public static let tooManyProviderTokenUpdates = PushReason("TooManyProviderTokenUpdates", 429)
    public static let tooManyRequests = PushReason("TooManyRequests", 429)
    public static let internalServerError = PushReason("InternalServerError", 500)
    public static let serviceUnavailable = PushReason("ServiceUnavailable", 503)
    public static let shutdown = PushReason("Shutdown", 503)

    // traqt's own, for what APNs accepts and a device would get wrong or drop.
    /// A timestamp more than a day ahead of the receiving clock.
    public static let timestampInFuture = PushReason("TimestampInFuture", 400, apns: false)
    /// A date that cannot be seconds since the epoch (negative, or milliseconds).
    public static let badDate = PushReason("BadDate", 400, apns: false)
    /// A broadcast channel id no channel has.
    public static let badChannelId = PushReason("BadChannelId", 400, apns: false)
    /// A start, newer than the last push, sent to a live activity already running.
    public static let alreadyRunning = PushReason("AlreadyRunning", 400, apns: false)
    /// A start to a push-to-start token without what iOS requires of it, of
    /// another type, or not a start at all; a start on a broadcast channel.
    public static let badStart = PushReason("BadStart", 400, apns: false)
    /// Content a live activity cannot hold: `content-state` or `attributes` over
    /// 4096 bytes as compact JSON.
    public static let contentTooLarge = PushReason("ContentTooLarge", 413, apns: false)

    /// APNs's reasons, in the order of Apple's table.
    public static let apns: [PushReason] = [
        badCollapseId, badDeviceToken, badExpirationDate, badMessageId, badPriority, badTopic, deviceTokenNotForTopic,
        duplicateHeaders, idleTimeout, invalidPushType, missingDeviceToken, missingTopic, payloadEmpty, topicDisallowed,
        badCertificate, badCertificateEnvironment, expiredProviderToken, forbidden, invalidProviderToken,
        missingProviderToken, unrelatedKeyIdInToken, badPath, methodNotAllowed, expiredToken, unregistered,
        payloadTooLarge, tooManyProviderTokenUpdates, tooManyRequests, internalServerError, serviceUnavailable, shutdown,
    ]

    /// traqt's own reasons.
    public static let traqt: [PushReason] = [timestampInFuture, badDate, badChannelId, alreadyRunning, badStart, contentTooLarge]
}
