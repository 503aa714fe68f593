import CNettle

/// Base64 (RFC 4648) decoding by nettle: PEM's (whitespace between lines
/// skipped) and base64url's, with or without the `=` padding JWS leaves out.
public enum Base64 {
    /// The bytes, or nil when `text` is not base64 of the kind asked for.
    public static func decode(_ text: some Collection<UInt8>, url: Bool = false) -> [UInt8]? {
        var input = Array(text)
        if url {
            // nettle wants whole quanta; JWS drops the padding that completes them.
            guard input.count % 4 != 1 else { return nil }
            input += Array(repeating: UInt8(ascii: "="), count: (4 - input.count % 4) % 4)
        }
        var context = base64_decode_ctx()
        if url { nettle_base64url_decode_init(&context) } else { nettle_base64_decode_init(&context) }
        var output = [UInt8](repeating: 0, count: (input.count + 1) * 6 / 8)
        var length = output.count
        let decoded = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                nettle_base64_decode_update(&context, &length, target.baseAddress, source.count, source.baseAddress)
            }
        }
        guard decoded == 1, nettle_base64_decode_final(&context) == 1 else { return nil }
        return Array(output.prefix(length))
    }
}
