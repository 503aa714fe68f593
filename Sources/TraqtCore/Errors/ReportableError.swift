/// An error a user can be shown, whichever front end shows it: the command
/// line prints `Error: ` and the message and exits with the reason's status;
/// an HTTP server answers with the reason's HTTP status and name. Each error
/// type conforms where it is defined, so a new case cannot go unmapped.
public protocol ReportableError: Error {
    /// The sentence shown after `Error: ` (made safe to show by whoever prints it).
    var userMessage: String { get }
    var reason: ErrorReason { get }
}

extension ReportableError {
    public var exitCode: ExitCode { reason.exitCode }
}
