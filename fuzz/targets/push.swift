// `traqt push`: `JSONParser.parse`, `PushDocument.notifications` (all four shapes,
// with and without a token) and each notification's change (start, update, end).
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let document = try? JSONParser.parse(bytes) else { return 0 }
    for token in [nil, "secret"] as [String?] {
        guard let notifications = try? PushDocument.notifications(in: document, token: token) else { continue }
        // Indexes count every notification once, in order, from 0.
        expect(notifications.map(\.index) == Array(notifications.indices), "notification indexes are not 0, 1, 2 …")
        for notification in notifications {
            expect(!notification.id.isEmpty, "a notification without an id was accepted")
            guard let change = try? notification.change() else { continue }
            // What a start or an update carries fits the live-activity limits.
            switch change {
            case let .start(start):
                expect(start.state.text.utf8.count <= 4096 && start.attributes.text.utf8.count <= 4096,
                       "a start over 4096 bytes was accepted")
            default:
                break
            }
        }
    }
    return 0
}
