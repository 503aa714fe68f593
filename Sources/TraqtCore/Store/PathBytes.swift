/// Paths are bytes to the kernel, and so are the prefixes that pick a
/// location's meaning (`/`, `./`, `file:`). Swift's `String` compares and
/// splits by Character, and a combining mark after `/` or `:` makes one
/// Character of both: `"/\u{301}x".hasPrefix("/")` is false and
/// `"a/\u{301}b".split(separator: "/")` is one part, while the kernel sees the
/// slash. Code that reads a path uses these instead.
extension StringProtocol {
    /// Whether the UTF-8 bytes start with `prefix`'s.
    public func startsWithBytes(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// Whether `needle`'s UTF-8 bytes occur in these. (Also what the library
    /// uses for a substring search: `contains` of a substring and
    /// `firstRange(of:)` live in the regex engine, left out: see Package.swift.)
    public func containsBytes(_ needle: String) -> Bool {
        let haystack = Array(utf8), needle = Array(needle.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }

    /// Whether the UTF-8 bytes end with `suffix`'s.
    public func endsWithBytes(_ suffix: String) -> Bool {
        utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// The text after its first `count` UTF-8 bytes.
    public func droppingBytes(_ count: Int) -> String {
        String(decoding: utf8.dropFirst(count), as: UTF8.self)
    }

    /// The parts between `/` bytes, as the kernel splits a path.
    public func pathComponents(omittingEmpty: Bool = true) -> [String] {
        utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: omittingEmpty)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
