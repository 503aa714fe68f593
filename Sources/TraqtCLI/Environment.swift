#if canImport(Glibc)
import Glibc
#endif

/// The environment variables a command reads: the process's own, or a
/// dictionary given by whoever runs the command in-process (a test, a server
/// answering a request), so that nothing of the caller's leaks in.
public struct Environment: Sendable {
    private let variables: [String: String]?

    /// The process environment, read one variable at a time with `getenv` when
    /// a command asks: turning all of `environ` into Swift strings up front cost
    /// a fifth of a short command's instructions.
    public init() { variables = nil }

    /// Exactly these variables, and no others.
    public init(_ variables: [String: String]) { self.variables = variables }

    public func value(_ name: String) -> String? {
        guard let variables else { return getenv(name).map { String(cString: $0) } }
        return variables[name]
    }

    public subscript(name: String) -> String? { value(name) }
}
