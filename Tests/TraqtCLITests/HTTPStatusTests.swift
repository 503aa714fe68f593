#if Server
import HTTPServer
import Testing
import TraqtCore

/// The reason phrases traqt writes are libmicrohttpd's, not typed in apart.
@Suite("HTTP reason phrases")
struct HTTPStatusTests {
    @Test("each status the server sends has libmicrohttpd's phrase for it", arguments: HTTPStatus.sent)
    func phrases(_ status: Int) {
        #expect(HTTPStatus.phrase(status) == HTTPStatus.libraryPhrase(status))
    }

    @Test("every error's HTTP status is one the table knows (499 aside: no client hears it)")
    func reasons() {
        for reason in ErrorReason.all where reason.httpStatus != 499 {
            #expect(HTTPStatus.sent.contains(reason.httpStatus), "\(reason.name): \(reason.httpStatus)")
        }
    }
}
#endif
