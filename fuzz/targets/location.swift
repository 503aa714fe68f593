// `--db` and `TRAQT_DB`: `DatabaseLocation.engine(of:)` (a path, a PostgreSQL
// URI, or refused) and `redacted` (what a message may show of it).
import TraqtCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let location = fuzzText(data, size)
    let engine = try? DatabaseLocation.engine(of: location)
    expect(DatabaseLocation.isPostgres(location) == (engine == .postgres), "isPostgres disagrees with engine(of:)")
    // A path that starts like one is always a file, never a URI.
    if location.hasPrefix("/") || location.hasPrefix("./") {
        expect(engine == .sqlite, "a path was not taken for a file")
    }
    // A file: URI is never opened as a file of that name.
    if location.lowercased().hasPrefix("file:") {
        expect(engine == nil, "a file: URI was accepted")
    }
    let redacted = DatabaseLocation.redacted(location)
    expect(DatabaseLocation.redacted(redacted) == redacted, "redacting twice changed the text")
    if engine == .postgres {
        // The same engine after the scheme is put in lower case for libpq.
        let normalized = DatabaseLocation.normalizedURI(location)
        expect(normalized.hasPrefix("postgres://") || normalized.hasPrefix("postgresql://"), "the scheme was not normalized")
        // A password given as user:password@ never survives redaction.
        if let password = password(in: location), password != "***" {
            expect(!redacted.contains(":\(password)@"), "a password was shown")
        }
    }
    return 0
}

/// What stands between the first ':' after `scheme://` and the last '@' before any '?'.
private func password(in location: String) -> String? {
    guard let authority = location.firstRange(of: "://")?.upperBound else { return nil }
    let beforeQuery = location[authority...].prefix { $0 != "?" }
    guard let at = beforeQuery.lastIndex(of: "@"), let colon = beforeQuery[..<at].firstIndex(of: ":") else { return nil }
    return String(beforeQuery[beforeQuery.index(after: colon)..<at])
}
