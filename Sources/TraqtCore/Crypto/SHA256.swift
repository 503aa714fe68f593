import CNettle

/// SHA-256 (FIPS 180-4) by Debian's nettle: the one place traqt hashes. Crypto/
/// is the only folder that imports nettle; traqt writes no crypto of its own.
public enum SHA256 {
    /// The digest's length in bytes.
    public static let byteCount = 32

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        RandomBytes.hex(digest(bytes))
    }

    /// The digest of `bytes`, 32 bytes.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        // Hashed where the bytes lie when they are contiguous, else from a copy.
        let hashedInPlace: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            nettle_sha256_update(&context, buffer.count, buffer.baseAddress)
        }
        if hashedInPlace == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        }
        var digest = [UInt8](repeating: 0, count: byteCount)
        digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, $0.count, $0.baseAddress) }
        return digest
    }
}
