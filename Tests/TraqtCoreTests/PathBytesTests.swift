import Testing
import TraqtCore

@Suite("paths read as the kernel reads them: by bytes")
struct PathBytesTests {
    // Each of these has a combining acute accent (U+0301) right after a '/'
    // or ':', which Swift joins with it into one Character.
    @Test("a combining mark after '/' or ':' does not hide the byte")
    func combiningMarks() {
        #expect("/\u{301}x".startsWithBytes("/"))
        #expect(!"/\u{301}x".hasPrefix("/"))
        #expect("file:\u{301}x".startsWithBytes("file:"))
        #expect("a/\u{301}".endsWithBytes("\u{301}"))
        #expect(!"a/\u{301}".endsWithBytes("/"))
        #expect("a/\u{301}b/c".pathComponents() == ["a", "\u{301}b", "c"])
        #expect(":\u{301}Zone".droppingBytes(1) == "\u{301}Zone")
        #expect("x://\u{301}y".containsBytes("://"))
    }

    @Test("a substring search finds its bytes anywhere, and nothing longer than the text")
    func containsBytes() {
        #expect("pg://host".containsBytes("://") && "://".containsBytes("://") && "ab".containsBytes(""))
        #expect(!"a:/b".containsBytes("://") && !"".containsBytes("x") && !":/".containsBytes("://"))
    }

    @Test("components as split(separator:) gives them for plain paths")
    func plainPaths() {
        #expect("/usr//share/".pathComponents() == ["usr", "share"])
        #expect("/usr//share/".pathComponents(omittingEmpty: false) == ["", "usr", "", "share", ""])
        #expect("".pathComponents().isEmpty)
        #expect("dir/".endsWithBytes("/"))
        #expect(!"".startsWithBytes("/"))
    }
}
