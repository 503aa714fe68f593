import TraqtCore

/// The line `traqt watch --json` prints: `{"now":…,"live":[…],"pending":[…]}`,
/// with the objects `live list --json` and `today --json` print; and the key
/// that tells whether what it shows changed: the same bytes without `now` and
/// without each live activity's elapsed fields, which only the clock's ticking moves.
struct GlanceJSONView: OutputView {
    /// Without its newline.
    let line: [UInt8]
    let key: [UInt8]

    init(_ glance: Glance) {
        (line, key) = Self.lineAndKey(glance)
    }

    func write(to output: OutputBuffer) {
        output.bytes += line
        output.append("\n")
    }

    private static func lineAndKey(_ glance: Glance) -> (line: [UInt8], key: [UInt8]) {
        let now = glance.now
        var line = Array(#"{"now":""#.utf8)
        line.append(contentsOf: now.description.utf8)
        line.append(UInt8(ascii: "\""))
        let bodyStart = line.count
        var ticking: [Range<Int>] = []
        line.append(contentsOf: #","live":["#.utf8)
        for (index, activity) in glance.live.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            let start = line.count
            activity.appendJSON(to: &line, now: now)
            // The elapsed fields close the object: from the last `,"elapsedSeconds":` to its `}`.
            if let fields = Self.lastRange(of: Self.elapsedField, in: line, from: start) {
                ticking.append(fields.lowerBound..<(line.count - 1))
            }
        }
        line.append(contentsOf: #"],"pending":["#.utf8)
        var encoder = ActivityJSONEncoder()
        for (index, item) in glance.pending.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            encoder.append(item.activity, to: &line)
        }
        line.append(contentsOf: "]}".utf8)
        var key: [UInt8] = []
        key.reserveCapacity(line.count - bodyStart)
        var position = bodyStart
        for range in ticking {
            key.append(contentsOf: line[position..<range.lowerBound])
            position = range.upperBound
        }
        key.append(contentsOf: line[position...])
        return (line, key)
    }

    private static let elapsedField = Array(#","elapsedSeconds":"#.utf8)

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        var index = bytes.count - needle.count
        while index >= start {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index..<(index + needle.count) }
            index -= 1
        }
        return nil
    }
}
