/// Columns that text takes on a terminal, by Unicode's East Asian Width and
/// emoji data: the tables in UnicodeWidthTable.swift, generated from Debian's
/// `unicode-data` by scripts/generate-unicode-widths.
enum UnicodeWidth {
    /// One code point on its own: 0 for combining marks, joiners and variation
    /// selectors, 2 for East Asian wide characters and emoji, 1 otherwise. A
    /// control character counts 1: traqt prints U+FFFD in its place.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x80 { return 1 }
        if contains(zeroWidth, value) { return 0 }
        return contains(doubleWidth, value) ? 2 : 1
    }

    /// A whole text: its code points added up, except that an emoji sequence
    /// is one two-column emoji, as wcwidth's `wcswidth` counts it, as Unicode's
    /// emoji standard (UTS #51) means it to be shown, and as terminals that lay
    /// out whole grapheme clusters (kitty, WezTerm) draw it; terminals that
    /// count code points as the C library's `wcwidth` does show `☺️` one column
    /// wide and `👩‍💻` four, so no choice suits every terminal:
    /// - U+FE0F after a one-column character that has an emoji form (`☺`,
    ///   `❤`, `♀`, a keycap's digit) makes it two columns;
    /// - after a zero-width joiner that follows an emoji, the emoji it joins
    ///   (`👩‍💻`, `🏃‍♀️`) adds nothing;
    /// - a skin tone after a two-column emoji (`👍🏽`) adds nothing;
    /// - two regional indicators are one flag (`🇩🇪`).
    static func of(_ text: String) -> Int {
        var width = 0
        // The last code point that took columns, and how many it takes now.
        var glyph: UInt32 = 0, glyphWidth = 0
        var joining = false, halfFlag = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let scalarWidth = of(scalar)
            if joining {
                joining = false
                if scalarWidth == 2 || contains(emojiPresentable, value) { continue }
            }
            if value == 0x200D {  // zero-width joiner
                joining = glyphWidth == 2
                continue
            }
            if value == 0xFE0F {  // emoji presentation selector
                if glyphWidth == 1 && contains(emojiPresentable, glyph) {
                    width += 1
                    glyphWidth = 2
                }
                continue
            }
            if emojiModifiers.contains(value) && glyphWidth == 2 { continue }
            if regionalIndicators.contains(value) {
                halfFlag.toggle()
                if !halfFlag { continue }
            } else {
                halfFlag = false
            }
            if scalarWidth > 0 {
                glyph = value
                glyphWidth = scalarWidth
            }
            width += scalarWidth
        }
        return width
    }

    /// Whether `value` lies in one of the inclusive ranges that `ranges` lists
    /// as sorted pairs (first, last, first, last, …): a binary search.
    private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < ranges[2 * middle] {
                high = middle
            } else if value > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
