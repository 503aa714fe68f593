/// A value given on the command line or in a file that cannot be read;
/// `message` says what was expected, for people.
public struct InvalidValue: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension InvalidValue: ReportableError {
    public var userMessage: String { message }
    /// The command line names the option or argument it was given for (a usage error).
    public var reason: ErrorReason { .invalidArgument }
}
