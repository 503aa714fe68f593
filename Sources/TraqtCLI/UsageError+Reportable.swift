import ArgumentParsing
import TraqtCore

/// A command line that does not fit the spec is reported like every other
/// error (`Tool.report` adds the usage line). ArgumentParsing knows nothing
/// of TraqtCore, so the conformance is made here.
extension UsageError: ReportableError {
    public var userMessage: String { message }
    public var reason: ErrorReason { .invalidArgument }
}
