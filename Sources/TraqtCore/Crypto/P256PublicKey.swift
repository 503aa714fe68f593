import CNettle

/// The public half of a P-256 key (an APNs sender's `.p8` key is one), and
/// the ES256 check of a signature by it (RFC 7518: ECDSA over SHA-256, the
/// signature as r then s). Parsing and verifying are nettle's.
public struct P256PublicKey: Equatable, Sendable {
    /// The uncompressed point: 0x04, X, Y (65 bytes), as stored.
    public let point: [UInt8]

    /// From its stored point; nil when it is not one of the curve.
    public init?(point: [UInt8]) {
        // A point off the curve verifies nothing: refused here rather than at every request.
        guard point.count == 65, point.withUnsafeBufferPointer({ traqt_p256_point_is_valid($0.baseAddress) }) == 1
        else { return nil }
        self.point = point
    }

    /// From a PEM `PUBLIC KEY` (SubjectPublicKeyInfo) of a P-256 key.
    public init(pem text: String) throws(InvalidValue) {
        let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }
        guard let begin = lines.firstIndex(of: "-----BEGIN PUBLIC KEY-----"),
              let end = lines[begin...].firstIndex(of: "-----END PUBLIC KEY-----") else {
            if lines.contains(where: { $0.hasPrefix("-----BEGIN") && $0.hasSuffix("PRIVATE KEY-----") }) {
                throw InvalidValue("this is a private key: give its public half only (openssl pkey -in AuthKey.p8 -pubout), which is all a check of signatures needs")
            }
            throw InvalidValue("expected a PEM public key (-----BEGIN PUBLIC KEY-----)")
        }
        var point = [UInt8](repeating: 0, count: 65)
        guard let der = Base64.decode(lines[(begin + 1)..<end].joined().utf8),
              der.withUnsafeBufferPointer({ traqt_p256_point_of_spki($0.baseAddress, $0.count, &point) }) == 1,
              let key = P256PublicKey(point: point) else {
            throw InvalidValue("the public key is not an EC key on P-256 (prime256v1), as APNs keys are")
        }
        self = key
    }

    /// Whether `signature` (64 bytes, r then s) signs `message` (ES256).
    public func verifies(signature: [UInt8], of message: some Collection<UInt8>) -> Bool {
        guard signature.count == 64 else { return false }
        let digest = SHA256.digest(message)
        let valid = point.withUnsafeBufferPointer { point in
            digest.withUnsafeBufferPointer { digest in
                signature.withUnsafeBufferPointer { signature in
                    traqt_p256_verify(point.baseAddress, digest.baseAddress, signature.baseAddress)
                }
            }
        }
        return valid == 1
    }
}
