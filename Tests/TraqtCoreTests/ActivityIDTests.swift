import Testing
import TraqtCore

@Suite("Activity ids and names: derivation and validation")
struct ActivityIDTests {
    // MARK: - derivedID

    @Test("Names become lower-case slugs of their letters and digits", arguments: [
        ("Walk the dog!", "walk-the-dog"),
        ("walk the dog", "walk-the-dog"),
        ("WALK THE DOG", "walk-the-dog"),
        ("  Morning   run  ", "morning-run"),
        ("Stand-up", "stand-up"),
        ("a--b__c..d", "a-b-c-d"),
        ("---x---", "x"),
        ("...Read: 20 pages, then sleep!!!", "read-20-pages-then-sleep"),
        ("2024 goals", "2024-goals"),
        ("3 × 4", "3-4"),
        ("x", "x"),
        ("Café au lait", "café-au-lait"),
        ("ÜBER Straße", "über-straße"),
        ("Ελληνικά ΜΑΘΗΜΑΤΑ", "ελληνικά-μαθηματα"),
        ("Русский язык", "русский-язык"),
        ("跑步 30 min", "跑步-30-min"),
        ("日本語の勉強", "日本語の勉強"),
        ("run 🏃 fast", "run-fast"),
        ("🏃 run", "run"),
        ("email: me@example.com", "email-me-example-com"),
        ("tab\tand\nnewline", "tab-and-newline"),
    ])
    func slugs(name: String, id: String) {
        #expect(Activity.derivedID(fromName: name) == id)
    }

    @Test("Combining marks stay with their letters")
    func combiningMarks() {
        let decomposed = "Cre\u{300}me bru\u{302}le\u{301}e"
        let id = Activity.derivedID(fromName: decomposed)
        #expect(Array(id.unicodeScalars) == Array("cre\u{300}me-bru\u{302}le\u{301}e".unicodeScalars))
    }

    @Test("A name without letters or digits gets a stable activity-<FNV-1a> id", arguments: [
        ("", "activity-cbf29ce484222325"),
        ("!!!", "activity-bbe43c17ca866be2"),
        ("😀", "activity-feff073875020288"),
        ("   ", "activity-c3b0d217ceb2bed7"),
        ("- - -", "activity-44a957130dcfeb40"),
    ])
    func hashedIDs(name: String, id: String) {
        #expect(Activity.derivedID(fromName: name) == id)
    }

    @Test("Hashed ids are 16 lower-case hex digits and differ between names")
    func hashedIDShape() {
        let names = ["!", "!!", "?", "…", "🙂", "🙃", "--", "__", "*", "#"]
        let ids = names.map(Activity.derivedID(fromName:))
        for id in ids {
            #expect(id.hasPrefix("activity-"))
            let hex = id.dropFirst("activity-".count)
            #expect(hex.count == 16)
            #expect(hex.allSatisfy { "0123456789abcdef".contains($0) })
        }
        #expect(Set(ids).count == names.count)
    }

    @Test("The same name always gives the same id")
    func stable() {
        for name in ["Walk the dog!", "!!!", "跑步", String(repeating: "long name ", count: 40)] {
            #expect(Activity.derivedID(fromName: name) == Activity.derivedID(fromName: name))
        }
    }

    @Test("Long names give ids that are valid: at most 200 bytes, no dash at either end", arguments: [
        String(repeating: "a", count: 300),
        String(repeating: "word ", count: 50),      // the cut would land right after a dash
        String(repeating: "ab ", count: 100),
        String(repeating: "中", count: 70),           // 210 bytes in 70 characters
        String(repeating: "跑步 ", count: 100),
        String(repeating: "é", count: 150),
        String(repeating: "😀x", count: 120),
        String(repeating: "e\u{301}", count: 120),
    ])
    func longNames(name: String) throws {
        let id = Activity.derivedID(fromName: name)
        try Activity.validate(id: id)
        #expect(id.utf8.count <= 200)
        #expect(!id.isEmpty)
        #expect(!id.hasPrefix("-"))
        #expect(!id.hasSuffix("-"))
        // It is a prefix of the full slug, cut at a character boundary.
        let full = name.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
        #expect(full.hasPrefix(id))
    }

    @Test("A slug of up to 200 bytes is kept whole")
    func shortEnoughIsKept() {
        let name = String(repeating: "a", count: 200)
        #expect(Activity.derivedID(fromName: name) == name)
        let cjk = String(repeating: "中", count: 66)   // 198 bytes
        #expect(Activity.derivedID(fromName: cjk) == cjk)
    }

    @Test("Every derived id passes validate(id:) and has no empty parts")
    func derivedIDsAreValid() throws {
        let pieces = ["Walk", " ", "!", "中", "😀", "-", "é", "e\u{301}", "42", "\t", "ß", "…", "İ"]
        var name = ""
        for step in 0..<400 {
            name += pieces[(step * 7 + step / 3) % pieces.count]
            let id = Activity.derivedID(fromName: name)
            try Activity.validate(id: id)
            #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"), "\(name)")
        }
    }

    // MARK: - validate(id:)

    @Test("Valid ids", arguments: [
        "walk", "walk-the-dog", "Walk The Dog", "a", "id \"quoted\"", "café", "中文", "😀",
        String(repeating: "x", count: 200), String(repeating: "中", count: 66),
    ])
    func validIDs(id: String) throws {
        try Activity.validate(id: id)
    }

    @Test("Invalid ids, with the reason", arguments: [
        ("", "the id must not be empty"),
        (" ", "the id must not be empty"),
        ("\t\n", "the id must not be empty"),
        ("a\u{0}b", "the id must not contain control characters"),
        ("a\nb", "the id must not contain control characters"),
        ("a\u{1b}[31m", "the id must not contain control characters"),
        ("a\u{7f}", "the id must not contain control characters"),
        ("a\u{85}", "the id must not contain control characters"),
        (String(repeating: "x", count: 201), "the id is longer than 200 bytes"),
        (String(repeating: "中", count: 67), "the id is longer than 200 bytes"),
    ])
    func invalidIDs(id: String, message: String) {
        let error = #expect(throws: InvalidValue.self) { try Activity.validate(id: id) }
        #expect(error?.message == message)
    }

    // MARK: - validate(name:)

    @Test("Any name with something visible is valid, stored as given", arguments: [
        "a", " a ", "Walk \"the\" dog", "line\nbreak", "中文", "😀", "\u{1}", "e\u{301}",
    ])
    func validNames(name: String) throws {
        try Activity.validate(name: name)
    }

    @Test("Empty and blank names are invalid", arguments: ["", " ", "\t", "\n\r\n", "\u{a0}", "\u{2003}\u{3000}"])
    func blankNames(name: String) {
        let error = #expect(throws: InvalidValue.self) { try Activity.validate(name: name) }
        #expect(error?.message == "the name must not be empty")
    }

    // MARK: - hasSameDefinition

    @Test("hasSameDefinition compares id, name, days and time, not timestamps")
    func sameDefinition() throws {
        let base = Activity(id: "walk", name: "Walk", days: .weekdays, time: try TimeOfDay.parse("7:30"),
                            createdAt: 1, updatedAt: 2)
        var other = base
        other.createdAt = 100
        other.updatedAt = nil
        #expect(base.hasSameDefinition(as: other))
        #expect(base != other)
        for change in 0..<4 {
            var changed = base
            switch change {
            case 0: changed.id = "walk2"
            case 1: changed.name = "Walk!"
            case 2: changed.days = .weekends
            default: changed.time = try TimeOfDay.parse("7:31")
            }
            #expect(!base.hasSameDefinition(as: changed))
        }
    }
}
