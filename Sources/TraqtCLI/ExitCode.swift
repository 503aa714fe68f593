import ArgumentParsing
import TraqtCore

/// The exit codes traqt documents, after sysexits.h.
enum ExitCode: Int32 {
    case success = 0
    /// `due --exec`: a command run for a reminder failed (the reminder stays fired).
    case commandFailed = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    /// The database server cannot be reached, or this build lacks the engine.
    case unavailable = 69
    case internalError = 70
    case cannotCreate = 73
    case ioError = 74
    case temporaryFailure = 75
    case permissionDenied = 77
    case configuration = 78
    /// What a shell reports for a process killed by SIGPIPE: the reader went away.
    case brokenPipe = 141

    init(for error: StoreError) {
        switch error {
        case .notATraqtDatabase, .corrupt, .unknownIDs, .idTaken, .invalidRow, .foreignTrigger, .schemaChanged:
            self = .dataError
        case .schemaTooNew: self = .configuration
        case .busy: self = .temporaryFailure
        case .unavailable: self = .unavailable
        case .permissionDenied, .untrusted: self = .permissionDenied
        case .cannotCreate: self = .cannotCreate
        case .io, .notAFile: self = .ioError
        case .internalError: self = .internalError
        }
    }
}
