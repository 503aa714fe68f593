/// The secret a bearer presents: `tqt_` and 64 lowercase hex digits of 32
/// random bytes. The prefix lets secret scanners and people tell it from other
/// tokens; the bytes come from the kernel, so no secret tells anything of another.
enum APITokenSecret {
    static let prefix = Array("tqt_".utf8)
    static let byteCount = 32

    /// A new secret.
    static func random() throws(StoreError) -> String {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        try RandomBytes.fill(&bytes)
        return String(decoding: prefix, as: UTF8.self) + RandomBytes.hex(bytes)
    }

    /// Whether `secret` is one traqt could have made: anything else is never
    /// looked up.
    static func isWellFormed(_ secret: String) -> Bool {
        let bytes = Array(secret.utf8)
        return bytes.starts(with: prefix) && RandomBytes.isHex(bytes.dropFirst(prefix.count), of: byteCount)
    }

    /// What the table keeps of a secret: the SHA-256 of its UTF-8, in hex.
    static func digest(_ secret: String) -> String { SHA256.hex(secret.utf8) }

    /// 64 digits of `0-9a-f`, what a stored digest must be.
    static func isWellFormedDigest(_ text: String) -> Bool {
        RandomBytes.isHex(text.utf8, of: SHA256.byteCount)
    }
}
