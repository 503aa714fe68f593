import TraqtCore

/// `live channel list`: a line per channel (`ID  subscribers  name`), or with
/// `--json` an array of `{"id":…,"name":…|null,"createdAt":…,"subscribers":…}`.
struct PushChannelView: OutputView {
    let channels: [PushChannel]
    let json: Bool

    func write(to output: OutputBuffer) throws {
        guard json else {
            for channel in channels {
                let count = channel.subscribers == 1 ? "1 subscriber" : "\(channel.subscribers) subscribers"
                output.append("\(channel.id)  \(count)\(channel.name.map { "  " + TextColumns.printable($0) } ?? "")\n")
            }
            return
        }
        try output.appendRow { buffer in
            buffer.append(UInt8(ascii: "["))
            for (index, channel) in channels.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.append(contentsOf: #"{"id":"#.utf8)
                JSONWriter.appendString(channel.id, to: &buffer)
                buffer.append(contentsOf: #","name":"#.utf8)
                if let name = channel.name { JSONWriter.appendString(name, to: &buffer) } else { JSONWriter.appendRaw("null", to: &buffer) }
                buffer.append(contentsOf: #","createdAt":""#.utf8)
                channel.createdAt.appendText(to: &buffer)
                buffer.append(contentsOf: #"","subscribers":"#.utf8)
                buffer.append(contentsOf: String(channel.subscribers).utf8)
                buffer.append(UInt8(ascii: "}"))
            }
            buffer.append(contentsOf: "]\n".utf8)
        }
    }
}
