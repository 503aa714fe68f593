/// Why something failed, as a program reads it: a stable name (`busy`,
/// `not-found`), the exit status of the command line, and the HTTP status of
/// a server's answer. One value per meaning: errors that mean the same share
/// it, whatever their message says.
public struct ErrorReason: Equatable, Hashable, Sendable {
    /// Lowercase words joined by `-`; never renamed once released.
    public let name: String
    public let exitCode: ExitCode
    /// 4xx when the request was at fault, 5xx when the store or the server was.
    public let httpStatus: Int

    private init(_ name: String, _ exitCode: ExitCode, _ httpStatus: Int) {
        self.name = name
        self.exitCode = exitCode
        self.httpStatus = httpStatus
    }

    // What was asked cannot be done as asked.
    public static let invalidArgument = ErrorReason("invalid-argument", .usage, 400)
    public static let invalidJSON = ErrorReason("invalid-json", .dataError, 400)
    public static let invalid = ErrorReason("invalid", .dataError, 422)
    public static let tooLarge = ErrorReason("too-large", .dataError, 413)
    public static let notFound = ErrorReason("not-found", .dataError, 404)
    public static let idTaken = ErrorReason("id-taken", .dataError, 409)
    public static let alreadyRunning = ErrorReason("already-running", .dataError, 409)
    public static let ended = ErrorReason("ended", .dataError, 409)
    /// APNs's reasons, named as traqt names its own: an unknown push token
    /// (`BadDeviceToken`), and one whose live activity was dismissed (`Unregistered`).
    public static let badDeviceToken = ErrorReason("bad-device-token", .dataError, 400)
    public static let unregistered = ErrorReason("unregistered", .dataError, 410)
    public static let notScheduled = ErrorReason("not-scheduled", .dataError, 422)
    public static let alreadyDecided = ErrorReason("already-decided", .dataError, 409)
    public static let unauthorized = ErrorReason("unauthorized", .permissionDenied, 401)
    /// A server's caller known by its token, whose token may not do this.
    public static let forbidden = ErrorReason("forbidden", .permissionDenied, 403)
    public static let methodNotAllowed = ErrorReason("method-not-allowed", .usage, 405)
    public static let unsupportedMediaType = ErrorReason("unsupported-media-type", .usage, 415)
    public static let requestTimeout = ErrorReason("request-timeout", .temporaryFailure, 408)
    public static let inputMissing = ErrorReason("input-missing", .noInput, 400)
    public static let outputRefused = ErrorReason("output-refused", .cannotCreate, 403)

    // The database, as found.
    public static let notADatabase = ErrorReason("not-a-database", .dataError, 500)
    public static let corrupt = ErrorReason("corrupt", .dataError, 500)
    public static let invalidRow = ErrorReason("invalid-row", .dataError, 500)
    public static let foreignTrigger = ErrorReason("foreign-trigger", .dataError, 500)
    public static let schemaChanged = ErrorReason("schema-changed", .dataError, 500)
    public static let schemaTooNew = ErrorReason("schema-too-new", .configuration, 500)

    // Where traqt runs: files, the server, the set-up.
    public static let busy = ErrorReason("busy", .temporaryFailure, 503)
    public static let unavailable = ErrorReason("unavailable", .unavailable, 503)
    public static let permissionDenied = ErrorReason("permission-denied", .permissionDenied, 500)
    public static let untrusted = ErrorReason("untrusted", .permissionDenied, 500)
    public static let notAFile = ErrorReason("not-a-file", .ioError, 500)
    public static let cannotCreate = ErrorReason("cannot-create", .cannotCreate, 500)
    public static let ioError = ErrorReason("io-error", .ioError, 500)
    public static let configuration = ErrorReason("configuration", .configuration, 500)
    /// `due --exec`: a command traqt ran failed.
    public static let commandFailed = ErrorReason("command-failed", .commandFailed, 500)
    /// The reader went away: nothing is said, and a server has no one to answer
    /// (499 is what proxies log for a client that closed the connection).
    public static let readerGone = ErrorReason("reader-gone", .brokenPipe, 499)
    /// A bug in traqt, or a broken installation.
    public static let internalError = ErrorReason("internal", .internalError, 500)

    /// Every reason, for the test that holds them to the documented statuses.
    public static let all: [ErrorReason] = [
        invalidArgument, invalidJSON, invalid, tooLarge, notFound, idTaken, alreadyRunning, ended, badDeviceToken, unregistered,
        notScheduled, alreadyDecided, unauthorized, forbidden, methodNotAllowed, unsupportedMediaType, requestTimeout, inputMissing, outputRefused,
        notADatabase, corrupt, invalidRow, foreignTrigger, schemaChanged, schemaTooNew,
        busy, unavailable, permissionDenied, untrusted, notAFile, cannotCreate, ioError, configuration,
        commandFailed, readerGone, internalError,
    ]
}
