import Testing
@testable import TraqtCore

/// The byte checks a reader makes of stored ids and names agree with what
/// traqt's input checks accept and with Swift's own UTF-8 decoding.
@Suite("stored text")
struct StoredTextTests {
    private func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }

    @Test("the UTF-8 check finds exactly what the standard library refuses")
    func utf8AgreesWithStandardLibrary() {
        // Every sequence of up to three bytes drawn from the boundaries of
        // UTF-8's ranges, then random longer ones.
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                                    0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var samples: [[UInt8]] = [[]]
        for a in interesting {
            samples.append([a])
            for b in interesting {
                samples.append([a, b])
                for c in interesting { samples.append([a, b, c]) }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            samples.append((0..<Int.random(in: 4...12, using: &generator)).map { _ in interesting.randomElement(using: &generator)! })
        }
        for bytes in samples {
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect(withBytes(bytes, StoredText.firstInvalidUTF8) == nil ? valid : !valid, "\(bytes)")
        }
    }

    @Test("a name or id traqt accepts passes; one it refuses gets the input check's reason", arguments: [
        "Walk the dog", "日本語", "  padded  ", "\u{9B}[31m", "é", String(repeating: "x", count: 1024),
        "", " \u{3000}", "a\0b", String(repeating: "x", count: 1025), String(repeating: "é", count: 513),
        "a\u{1B}b", "a\u{7F}", "a\u{85}", String(repeating: "x", count: 201),
        // Eight bytes at a time, and the rest one by one.
        "        ", "                 ", "abcdefg\u{7F}", "abcdefg\u{1F}ijk", "abcdefgh\u{0}", "~~~~~~~~ !",
        "abcdefgh é", " \u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}",
    ])
    func agreesWithInput(text: String) {
        let bytes = Array(text.utf8)
        let nameReason: String? = { do { try Activity.validate(name: text); return nil } catch { return "\(error)" } }()
        let idReason: String? = { do { try Activity.validate(id: text); return nil } catch { return "\(error)" } }()
        #expect(withBytes(bytes, StoredText.nameProblem) == nameReason)
        #expect(withBytes(bytes, StoredText.idProblem) == idReason)
    }
}
