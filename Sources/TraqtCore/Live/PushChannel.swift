/// A broadcast channel (iOS 18): live activities that subscribed to it at their
/// start (`input-push-channel`) all take the update or end sent to it
/// (`push --channel`). Its id is opaque to senders, as APNs channel ids are:
/// traqt's are 16 random bytes in base64.
public struct PushChannel: Equatable, Sendable {
    public let id: String
    public let name: String?
    public let createdAt: Instant
    /// The live activities subscribed to it now, whatever their status.
    public let subscribers: Int

    /// A new random id.
    static func randomID() throws(StoreError) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        try RandomBytes.fill(&bytes)
        return base64(bytes)
    }

    /// Standard base64 (RFC 4648, section 4) with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var word = 0
            for (offset, byte) in chunk.enumerated() { word |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[(word >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
