extension String {
    /// Whether `needle` occurs in this string, compared byte for byte (UTF-8).
    /// The library does without the regex engine, where `contains` of a
    /// substring and `firstRange(of:)` live (see Package.swift).
    func containsBytes(_ needle: String) -> Bool {
        let haystack = Array(utf8), needle = Array(needle.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }
}
