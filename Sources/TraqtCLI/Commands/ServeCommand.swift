import ArgumentParsing
import TraqtCore

/// `traqt serve`: the store over HTTP, in the foreground.
enum ServeCommand: Command {
    static let listen = OptionSpec(
        "listen", .value(name: "address"),
        help: "Where to listen: HOST:PORT with a numeric address, [IPV6]:PORT, or :PORT for every address; repeat for more (default 127.0.0.1:8731). Sockets passed by systemd (LISTEN_FDS) replace these.")
    static let tlsCertificate = OptionSpec(
        "tls-cert", .value(name: "file"), completion: .files, help: "A PEM certificate chain: serve HTTPS (with --tls-key).")
    static let tlsKey = OptionSpec("tls-key", .value(name: "file"), completion: .files, help: "The certificate's PEM private key.")
    static let threads = OptionSpec(
        "threads", .value(name: "count"), help: "Threads answering requests, 1 to 64 (default 2).")
    static let anonymousRead = OptionSpec(
        "allow-anonymous-read", help: "Let a request without a token GET the read endpoints (a wrong token is still refused).")

    static let spec = CommandSpec(
        "serve",
        abstract: "Serve the store over HTTP: a JSON API for scripts, Home Assistant and Shortcuts.",
        discussion: """
            Runs in the foreground and logs one line per request to standard error \
            (method, path, status, bytes, milliseconds; never a token or a body). Every request \
            needs 'Authorization: Bearer TOKEN' with a token of 'traqt token add' that has the \
            scope: read reads, write reads and writes. Every write is the store call the command \
            line makes, all or nothing; errors are application/problem+json with the reason. \
            Bodies are at most 1 MiB and headers 16 KiB; at most 256 connections besides 1024 \
            event streams, 32 per client address. SIGTERM or SIGINT stops accepting, lets requests in flight finish (up to 10 \
            s), and exits 0. Needs a build with the server ('swift build --traits Server'); \
            without, it exits 69. See docs/serve.md for the endpoints.
            """,
        options: [listen, tlsCertificate, tlsKey, threads, anonymousRead],
        examples: ["traqt serve", "traqt serve --listen 0.0.0.0:8731 --listen [::]:8731",
                   "curl -H \"Authorization: Bearer $TOKEN\" http://127.0.0.1:8731/v1/today"])

    static func run(_ context: Context) throws {
        let threads: UInt32 = try context.parse(Self.threads) { (text) throws(InvalidValue) -> UInt32 in
            guard let count = UInt32(text), (1...64).contains(count) else { throw InvalidValue("expected 1 to 64, not '\(text)'") }
            return count
        } ?? 2
        let certificate = context.arguments.value(Self.tlsCertificate), key = context.arguments.value(Self.tlsKey)
        guard (certificate == nil) == (key == nil) else { throw ServeError.tlsIncomplete }
        let service = APIService(location: try context.databaseLocation(), busyTimeoutMilliseconds: try context.busyTimeout(),
                                 allowAnonymousRead: context.arguments.flag(Self.anonymousRead))
        #if Server
        var tls: (certificate: String, key: String)?
        if let certificate, let key {
            tls = (try pemText(certificate, context), try pemText(key, context))
        }
        var settings = APIServer.Settings(listen: context.arguments.values(Self.listen) ?? ["127.0.0.1:8731"], tls: tls)
        settings.limits.threads = threads
        try APIServer(settings: settings, service: service, environment: context.environment,
                      errors: context.streams.errors).run()
        #else
        _ = (service, threads)
        throw ServeError.notBuiltIn
        #endif
    }

    private static func pemText(_ path: String, _ context: Context) throws -> String {
        guard let bytes = try context.openInput(path).readAll(limit: 1 << 20) else {
            throw CommandError.inputTooLarge(path: path, limit: 1 << 20)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
