// `traqt push`: `PushDocument.notifications` reading the bytes part by part (every
// shape, the vendors' included, with and without a token, and as one raw APNs
// payload addressed by a push token), against `JSONParser.parse` of the whole
// document, and each notification's change (start, update, end) and rules.
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let valid = (try? JSONParser.parse(bytes)) != nil
    let addressed = LiveAddress.pushToken(String(repeating: "0", count: 64))
    let onesignal = VendorRequest(vendor: .onesignal, id: "fuzz", type: "fuzz")
    let pushwoosh = VendorRequest(vendor: .pushwoosh, endpoint: "updateLiveActivity")
    for (token, address, vendor) in [(nil, nil, VendorRequest()), ("secret", nil, VendorRequest()), (nil, addressed, VendorRequest()),
                                     (nil, nil, onesignal), (nil, nil, pushwoosh)] as [(String?, LiveAddress?, VendorRequest)] {
        let read: [PushNotification]?
        do {
            read = try PushDocument.notifications(in: bytes[...], token: token, addressedTo: address, vendor: vendor)
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
            if case let .id(id) = notification.address { expect(!id.isEmpty, "a notification with an empty id was accepted") }
            // What the rules refuse is refused before applying; what passes fits the limits.
            guard notification.refusedBeforeApplying == nil else { continue }
            expect((notification.timestamp?.milliseconds ?? 0) <= PushTimestamp.largestSeconds * 1000,
                   "a timestamp above 10^11 seconds was accepted")
            expect(notification.order?.payload.utf8.count ?? 0 <= PushNotification.payloadLimit || address != nil,
                   "a built payload over 4096 bytes was accepted")
            switch notification.change {
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
