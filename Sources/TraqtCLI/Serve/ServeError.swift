import TraqtCore

/// Why `traqt serve` could not start.
enum ServeError: Error, Equatable {
    /// This binary was built without the Server trait (the static default).
    case notBuiltIn
    case cannotListen(address: String, reason: String)
    /// libmicrohttpd refused to start, with these settings or this certificate.
    case cannotStart(address: String)
    case tlsIncomplete
}

extension ServeError: ReportableError {
    var userMessage: String {
        switch self {
        case .notBuiltIn:
            "this traqt was built without the server; build one with 'swift build -c release --traits Server' (see docs/serve.md)"
        case let .cannotListen(address, reason): "cannot listen on \(address): \(reason)"
        case let .cannotStart(address):
            "cannot start the HTTP server on \(address): the TLS certificate and key do not make a pair, or the settings were refused"
        case .tlsIncomplete: "--tls-cert and --tls-key go together"
        }
    }

    var reason: ErrorReason {
        switch self {
        case .notBuiltIn, .cannotListen: .unavailable
        case .cannotStart, .tlsIncomplete: .configuration
        }
    }
}
