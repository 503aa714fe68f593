// `traqt import`: `JSONParser.parse` and `Activity.decodeArray(json:)`.
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let document = try? JSONParser.parse(bytes)
    guard let activities = try? Activity.decodeArray(json: bytes) else { return 0 }
    // The streaming reader import uses and the whole-document parser agree.
    guard let document else { fatalError("decodeArray read a document that parse refuses") }
    expect((try? Activity.decodeArray(document)) == activities, "decodeArray of the parsed document differs")
    // What export writes of these activities imports as the same activities.
    var exported: [UInt8] = [UInt8(ascii: "[")]
    for (index, activity) in activities.enumerated() {
        if index > 0 { exported.append(UInt8(ascii: ",")) }
        activity.appendJSON(to: &exported)
    }
    exported.append(UInt8(ascii: "]"))
    let reimported = try? Activity.decodeArray(json: exported)
    expect(reimported?.count == activities.count, "the export of \(activities.count) activities does not import")
    for (original, copy) in zip(activities, reimported ?? []) {
        expect(original.hasSameDefinition(as: copy), "\(original) exports and imports as \(copy)")
        // Export writes the timestamps when the activity has both.
        if original.createdAt != nil && original.updatedAt != nil {
            expect(original == copy, "the timestamps of \(original) export and import as \(copy)")
        }
    }
    return 0
}
