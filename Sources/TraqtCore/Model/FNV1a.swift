/// 64-bit FNV-1a of a string's UTF-8 bytes: stable across runs and machines
/// (Swift's `hashValue` is seeded per process) and cheap enough to run over a
/// million ids.
func fnv1a(_ text: String) -> UInt64 { fnv1a(bytes: text.utf8) }

/// The same of any bytes (the server's event ids hash what an event shows).
public func fnv1a(bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
}
