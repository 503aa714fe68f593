/// The exit statuses traqt documents, after sysexits.h. They live beside the
/// errors so that each error, where it is defined, names its own.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// `due --exec`: a command run for a reminder failed (the reminder stays fired).
    case commandFailed = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    /// The database server cannot be reached, or this build lacks the engine.
    case unavailable = 69
    /// A bug in traqt, or a broken installation: what no other status covers.
    case internalError = 70
    case cannotCreate = 73
    case ioError = 74
    case temporaryFailure = 75
    case permissionDenied = 77
    case configuration = 78
    /// What a shell reports for a process killed by SIGPIPE: the reader went away.
    case brokenPipe = 141
}
