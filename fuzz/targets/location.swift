// `--db` and `TRAQT_DB`: `DatabaseLocation.engine(of:)` (a path, a PostgreSQL
// URI, or refused) and `redacted` (what a message may show of it).
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let location = fuzzText(data, size)
    let engine = try? DatabaseLocation.engine(of: location)
    let parsed = try? DatabaseLocation(location)
    expect(parsed?.engine == engine, "the parsed location disagrees with engine(of:)")
    // A path that starts like one is always a file, never a URI.
    let bytes = location.utf8
    if bytes.starts(with: "/".utf8) || bytes.starts(with: "./".utf8) {
        expect(engine == .sqlite, "a path was not taken for a file")
    }
    // A file: URI is never opened as a file of that name.
    if location.lowercased().utf8.starts(with: "file:".utf8) {
        expect(engine == nil, "a file: URI was accepted")
    }
    let redacted = DatabaseLocation.redacted(location)
    if engine == .postgres { expect(parsed?.shown == redacted, "a location shows more than its redacted text") }
    expect(DatabaseLocation.redacted(redacted) == redacted, "redacting twice changed the text")
    if engine == .postgres {
        // The same engine after the scheme is put in lower case for libpq.
        let normalized = DatabaseLocation.normalizedURI(location)
        // Bytes, not characters: "//" then a combining mark is still "//".
        expect(normalized.utf8.starts(with: "postgres://".utf8) || normalized.utf8.starts(with: "postgresql://".utf8), "the scheme was not normalized")
        // A password given as user:password@ never survives redaction: in what
        // is shown, between the first ':' of the user part and its last '@'
        // there is only ***.
        if let shown = password(in: Array(redacted.utf8)) {
            expect(shown.elementsEqual("***".utf8), "a password was shown")
        }
    }
    return 0
}

/// The bytes between the first ':' after `scheme://` and the last '@' before
/// any '?', or nil where there is no such user part.
private func password(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    let separator = Array("://".utf8)
    guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
    let authority = start + separator.count
    let query = bytes[authority...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
    guard let at = bytes[authority..<query].lastIndex(of: UInt8(ascii: "@")),
          let colon = bytes[authority..<at].firstIndex(of: UInt8(ascii: ":")) else { return nil }
    return bytes[(colon + 1)..<at]
}
