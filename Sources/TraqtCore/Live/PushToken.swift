#if canImport(Glibc)
import Glibc
#endif

/// What a sender addresses a live activity (or, for push-to-start, an
/// attributes type) by, as ActivityKit issues it: 32 random bytes as 64
/// lowercase hex digits. Never guessable: the bytes come from the kernel's
/// random source, so knowing every other token tells nothing of the next.
public struct PushToken: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let byteCount = 32

    /// The 64 lowercase hex digits.
    public let hex: String

    /// A token as a sender gives it, or nil when it is not one traqt could have
    /// made (its length or a digit), which is `BadDeviceToken` as for APNs.
    public init?(_ text: String) {
        guard Self.isWellFormed(text.utf8) else { return nil }
        hex = text
    }

    /// A new token.
    public static func random() throws(StoreError) -> PushToken {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        try RandomBytes.fill(&bytes)
        return PushToken(checked: RandomBytes.hex(bytes))
    }

    private init(checked hex: String) { self.hex = hex }

    /// 64 digits of `0-9a-f`: what every stored token must be, so that a row
    /// another program wrote is refused before it is shown or matched.
    static func isWellFormed(_ bytes: some Collection<UInt8>) -> Bool {
        RandomBytes.isHex(bytes, of: byteCount)
    }

    /// The first 8 digits and an ellipsis, for messages and logs: enough to tell
    /// tokens apart, too little to use one.
    public var shortened: String { String(hex.prefix(8)) + "…" }

    public var description: String { hex }
}

/// Bytes from the kernel's random source (`/dev/urandom`, which never blocks once
/// the system has started and never runs out).
public enum RandomBytes {
    static func fill(_ bytes: inout [UInt8]) throws(StoreError) {
        let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .io(path: "/dev/urandom", detail: String(cString: strerror(errno))) }
        defer { close(source) }
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(source, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .io(path: "/dev/urandom", detail: String(cString: strerror(count < 0 ? errno : EIO))) }
            filled += count
        }
    }
}

extension RandomBytes {
    /// A random (version 4) UUID in lowercase, `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`.
    public static func uuid() throws(StoreError) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        try fill(&bytes)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex(bytes[$0]) }.joined(separator: "-")
    }

    /// Whether `text` is `count` bytes as `hex` writes them: two digits of
    /// `0-9a-f` a byte, nothing else.
    static func isHex(_ text: some Collection<UInt8>, of count: Int) -> Bool {
        text.count == count * 2 && text.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
        }
    }

    /// Two lowercase hex digits a byte.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
