import Testing
@testable import TraqtCLI

/// `UnicodeWidth`, generated from Debian's Unicode 15.0 data, against PyPI's
/// wcwidth over every code point and over emoji sequences.
@Suite("terminal widths agree with wcwidth, but for the differences listed")
struct UnicodeWidthTests {
    /// Where traqt's width of a code point differs from `wcwidth()`, and why.
    struct Difference {
        let reason: String
        let traqt: Int, wcwidth: Int
        let ranges: [ClosedRange<UInt32>]
    }

    static let differences = [
        Difference(reason: "C0 and C1 controls: traqt prints U+FFFD in their place; wcwidth says -1, not printable",
                   traqt: 1, wcwidth: -1, ranges: [0x01...0x1F, 0x7F...0x9F]),
        Difference(reason: "NUL: printed as U+FFFD like every control; wcwidth says 0",
                   traqt: 1, wcwidth: 0, ranges: [0x00...0x00]),
        Difference(reason: "spacing marks that East Asian Width makes wide; wcwidth gives every spacing mark 0 alone",
                   traqt: 2, wcwidth: 0, ranges: [0x302E...0x302F, 0x16FF0...0x16FF1]),
        Difference(reason: "unassigned gaps among Hangul Jamo Extended-B's vowels and final consonants: wcwidth makes the whole block 0",
                   traqt: 1, wcwidth: 0, ranges: [0xD7C7...0xD7CA, 0xD7FC...0xD7FF]),
        // Version skew: Debian 12's unicode-data is Unicode 15.0, wcwidth 0.7.0's tables are 17.0.
        Difference(reason: "East Asian Width W since Unicode 16.0 (Yijing, Tai Xuan Jing, counting rods)",
                   traqt: 1, wcwidth: 2,
                   ranges: [0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D356, 0x1D360...0x1D376]),
        Difference(reason: "wide characters assigned after Unicode 15.0 (CJK strokes, ideographic description, Tangut, Khitan, emoji)",
                   traqt: 1, wcwidth: 2,
                   ranges: [0x2FFC...0x2FFF, 0x31E4...0x31E5, 0x31EF...0x31EF, 0x16FF2...0x16FF6, 0x187F8...0x187FF,
                            0x18CFF...0x18CFF, 0x18D09...0x18D1E, 0x18D80...0x18DF2, 0x1F6D8...0x1F6D8,
                            0x1FA89...0x1FA8A, 0x1FA8E...0x1FA8F, 0x1FABE...0x1FABE, 0x1FAC6...0x1FAC6,
                            0x1FAC8...0x1FAC8, 0x1FACD...0x1FACD, 0x1FADC...0x1FADC, 0x1FADF...0x1FADF,
                            0x1FAE9...0x1FAEA, 0x1FAEF...0x1FAEF]),
        Difference(reason: "combining marks assigned after Unicode 15.0",
                   traqt: 1, wcwidth: 0,
                   ranges: [0x0897...0x0897, 0x1ACF...0x1ADD, 0x1AE0...0x1AEB, 0x10D69...0x10D6D, 0x10EFA...0x10EFC,
                            0x113B8...0x113C0, 0x113C2...0x113C2, 0x113C5...0x113C5, 0x113C7...0x113CA,
                            0x113CC...0x113D0, 0x113D2...0x113D2, 0x113E1...0x113E2, 0x11B60...0x11B67,
                            0x11F5A...0x11F5A, 0x1611E...0x1612F, 0x1E5EE...0x1E5EF, 0x1E6E3...0x1E6E3,
                            0x1E6E6...0x1E6E6, 0x1E6EE...0x1E6EF, 0x1E6F5...0x1E6F5]),
    ]

    /// Spacing marks (Mc, e.g. the Devanagari vowel sign I in `कि`) take a column
    /// of their own, as the C library's wcwidth gives them; wcwidth's
    /// `wcwidth()` says 0 for one alone and its `wcswidth()` counts it 1 after a
    /// base, so text measures the same (see the sequences below).
    static func isSpacingMarkDifference(_ scalar: Unicode.Scalar, traqt: Int, wcwidth: Int) -> Bool {
        scalar.properties.generalCategory == .spacingMark && traqt == 1 && wcwidth == 0
    }

    static func hex(_ value: UInt32) -> String { "U+" + String(value, radix: 16, uppercase: true) }

    @Test("every code point but the surrogates")
    func everyCodePoint() throws {
        let theirs = try Wcwidth.everyCodePoint()
        var unexplained: [String] = []
        var listed = Set<UInt32>()
        for value in UInt32(0)..<0x110000 {
            guard let scalar = Unicode.Scalar(value) else { continue }  // a surrogate
            let ours = UnicodeWidth.of(scalar), wcwidth = Int(theirs[Int(value)])
            guard ours != wcwidth else { continue }
            if let difference = Self.differences.first(where: { $0.ranges.contains { $0.contains(value) } }) {
                if difference.traqt == ours && difference.wcwidth == wcwidth {
                    listed.insert(value)
                    continue
                }
            } else if Self.isSpacingMarkDifference(scalar, traqt: ours, wcwidth: wcwidth) {
                continue
            }
            unexplained.append("\(Self.hex(value)): traqt \(ours), wcwidth \(wcwidth)")
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) unexplained: \(unexplained.prefix(40))")
        // Every listed code point still differs as listed: the list stays true.
        for difference in Self.differences {
            let stale = difference.ranges.flatMap { $0 }.filter { !listed.contains($0) }.map(Self.hex)
            #expect(stale.isEmpty, "no longer different as listed: \(difference.reason)")
        }
    }

    @Test("text: emoji sequences, combining and spacing marks, flags and Hangul jamo")
    func sequences() throws {
        let texts = [
            "⏰ Wake", "🚴 Bike", "☕ Coffee", "日本語", "Gym", "café", "cafe\u{301}",
            "☺\u{FE0F} Smile", "❤\u{FE0F} Health", "1\u{FE0F}\u{20E3} First", "☕\u{FE0E}", "☺\u{FE0E}",
            "👩\u{200D}💻 Code", "🏃\u{200D}♀\u{FE0F} Run", "❤\u{FE0F}\u{200D}🔥", "👨\u{200D}👩\u{200D}👧\u{200D}👦",
            "🧑\u{200D}🤝\u{200D}🧑🏽", "👍🏽 Thumbs", "🏽", "🇩🇪 Deutsch", "🇩🇪🇫🇷", "🇩",
            "कि", "\u{1100}\u{1161}\u{11A8}", "한글", "ｆｕｌｌ", "\u{200B}zero\u{2060}",
        ]
        let expected = try Wcwidth.wcswidth(texts)
        for (text, width) in zip(texts, expected) {
            #expect(UnicodeWidth.of(text) == width, "\(text.unicodeScalars.map { Self.hex($0.value) })")
        }
    }

    @Test("a zero-width joiner between letters joins nothing: both letters show (wcswidth hides the second)")
    func joinerBetweenLetters() throws {
        #expect(try Wcwidth.wcswidth(["a\u{200D}b"]) == [1])
        #expect(UnicodeWidth.of("a\u{200D}b") == 2)
    }
}
