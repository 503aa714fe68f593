import Testing
@testable import ArgumentParsing

@Suite("Suggestions: edit distance and closest match")
struct SuggestionTests {
    @Test("editDistance counts insertions, deletions, substitutions and swaps of neighbours", arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0),
        ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("list", "lsit", 1), ("add", "ad", 1),
        ("help", "hlep", 1), ("--json", "--jsno", 1), ("café", "cafe", 1), ("e\u{301}", "é", 0),
        ("中文", "中", 1), ("😀x", "x", 1), ("abc", "xyz", 3), ("a", "b", 1),
    ])
    func distances(a: String, b: String, distance: Int) {
        #expect(editDistance(a, b) == distance)
        #expect(editDistance(b, a) == distance)
    }

    @Test("Words of up to four characters allow one edit, longer ones two")
    func limits() {
        #expect(closestMatch(to: "lst", among: ["list"]) == "list")
        #expect(closestMatch(to: "lsit", among: ["list"]) == "list")
        #expect(closestMatch(to: "lxyt", among: ["list"]) == nil)
        #expect(closestMatch(to: "remvoe", among: ["remove"]) == "remove")
        #expect(closestMatch(to: "rmxyz", among: ["remove"]) == nil)
        #expect(closestMatch(to: "--jsno", among: ["--json"]) == "--json")
    }

    @Test("The closest candidate wins; on a tie the first one")
    func closest() {
        #expect(closestMatch(to: "--day", among: ["--db", "--days"]) == "--days")
        #expect(closestMatch(to: "tody", among: ["toda", "today"]) == "toda")
        #expect(closestMatch(to: "tody", among: ["today", "toda"]) == "today")
        #expect(closestMatch(to: "exact", among: ["exalt", "exact"]) == "exact")
    }

    @Test("No candidates, or none close enough, gives no suggestion")
    func none() {
        #expect(closestMatch(to: "list", among: []) == nil)
        #expect(closestMatch(to: "frobnicate", among: ["add", "remove", "list"]) == nil)
    }
}
