/// Compares a push request's `auth` with the expected token in time that
/// depends only on the token's length, so that timing tells an attacker
/// nothing about how much of a guess was right.
public enum PushAuthorization {
    public static func matches(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8), expected = Array(expected.utf8)
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
