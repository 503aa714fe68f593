// `traqt push`: `PushDocument.notifications` reading the bytes part by part (all
// four shapes, with and without a token, and as one raw APNs payload addressed by
// a push token), against `JSONParser.parse` of the whole document, and each
// notification's change (start, update, end).
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let valid = (try? JSONParser.parse(bytes)) != nil
    let addressed = LiveAddress.pushToken(String(repeating: "0", count: 64))
    for (token, address) in [(nil, nil), ("secret", nil), (nil, addressed)] as [(String?, LiveAddress?)] {
        let read: [PushNotification]?
        do {
            read = try PushDocument.notifications(in: bytes[...], token: token, addressedTo: address)
        } catch is JSONSyntaxError {
            expect(!valid, "a document the parser reads whole was refused as JSON")
            read = nil
        } catch {
            expect(valid, "a document the parser refuses was read")
            read = nil
        }
        guard let notifications = read else { continue }
        expect(valid, "a document the parser refuses was read")
        // Indexes count every notification once, in order, from 0.
        expect(notifications.map(\.index) == Array(notifications.indices), "notification indexes are not 0, 1, 2 …")
        if address != nil {
            expect(notifications.count == 1 && notifications[0].id == nil && notifications[0].address == address,
                   "an addressed payload was read as other than one notification for its address")
        }
        for notification in notifications {
            expect(address != nil || !(notification.id ?? "").isEmpty, "a notification without an id was accepted")
            guard let change = try? notification.readChange() else { continue }
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
