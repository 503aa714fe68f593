#if Server
#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket: one bound here from `ADDRESS:PORT`, or one systemd
/// passed (socket activation).
public struct ListenSocket: Sendable {
    public let descriptor: Int32
    /// As a URL's authority shows it: `127.0.0.1:8731`, `[::1]:8731`.
    public let address: String

    /// Binds and listens on `text`: `HOST:PORT` with a numeric IPv4 address,
    /// `[IPv6]:PORT`, or `:PORT` for every IPv4 and IPv6 address. Port 0 takes
    /// a free one; `address` says which.
    public static func bind(_ text: String) throws(HTTPServerError) -> ListenSocket {
        guard let (host, port) = split(text) else {
            throw .cannotListen(address: text, reason: "expected HOST:PORT, [IPV6]:PORT or :PORT with a numeric address")
        }
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        hints.ai_family = host == nil ? AF_INET6 : AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, port, &hints, &found)
        guard status == 0, let info = found else {
            throw .cannotListen(address: text, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(address: text, reason: String(cString: strerror(errno))) }
        var on: Int32 = 1, off: Int32 = 0
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if info.pointee.ai_family == AF_INET6 {
            // `[::]:PORT` alone, and `:PORT` also for IPv4.
            var only: Int32 = host == nil ? off : on
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        guard Glibc.bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(descriptor, 511) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotListen(address: text, reason: reason)
        }
        return ListenSocket(descriptor: descriptor, address: boundAddress(descriptor) ?? text)
    }

    /// The sockets systemd passed this process (`LISTEN_PID`, `LISTEN_FDS`:
    /// descriptors from 3), or none when it passed none.
    public static func activated(variable: (String) -> String?) -> [ListenSocket] {
        guard let pid = variable("LISTEN_PID").flatMap({ Int32($0) }), pid == getpid(),
              let count = variable("LISTEN_FDS").flatMap({ Int32($0) }), count > 0 else { return [] }
        return (3..<(3 + count)).map { descriptor in
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return ListenSocket(descriptor: descriptor, address: boundAddress(descriptor) ?? "fd \(descriptor)")
        }
    }

    private static func split(_ text: String) -> (host: String?, port: String)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        let port = String(text[text.index(after: colon)...])
        guard !port.isEmpty, port.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), port.utf8.count <= 5 else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil
        }
        return (host.isEmpty ? nil : host, port)
    }

    private static func boundAddress(_ descriptor: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard found == 0 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST)), port = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let named = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &port, socklen_t(port.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard named == 0 else { return nil }
        let hostText = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let portText = String(decoding: port.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return storage.ss_family == sa_family_t(AF_INET6) ? "[\(hostText)]:\(portText)" : "\(hostText):\(portText)"
    }
}
#endif
