/// Comparisons of secrets whose time depends only on their length, so that
/// timing tells an attacker nothing about how much of a guess was right.
public enum ConstantTime {
    /// Whether two byte strings of the same length are equal, looking at every
    /// byte whatever the first difference. Strings of different lengths are
    /// unequal at once: callers compare fixed-length values (digests), whose
    /// length is no secret.
    public static func equal(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(first, second) { difference |= left ^ right }
        return difference == 0
    }
}
