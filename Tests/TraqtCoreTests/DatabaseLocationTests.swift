import Testing
import TraqtCore

@Suite("DatabaseLocation: --db, then $TRAQT_DB, then the XDG data folder")
struct DatabaseLocationTests {
    @Test("The first usable source wins", arguments: [
        ("/o.sqlite", ["TRAQT_DB": "/e.sqlite", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/o.sqlite"),
        ("rel/o.sqlite", ["HOME": "/h"], "rel/o.sqlite"),
        (nil, ["TRAQT_DB": "/e.sqlite", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/e.sqlite"),
        (nil, ["XDG_DATA_HOME": "/x/", "HOME": "/h"], "/x/traqt/traqt.sqlite"),
        (nil, ["XDG_DATA_HOME": "relative/data", "HOME": "/h"], "/h/.local/share/traqt/traqt.sqlite"),
        (nil, ["XDG_DATA_HOME": "", "HOME": "/h"], "/h/.local/share/traqt/traqt.sqlite"),
        (nil, ["HOME": "/home/user/"], "/home/user/.local/share/traqt/traqt.sqlite"),
        (nil, ["HOME": "/"], "/.local/share/traqt/traqt.sqlite"),
    ] as [(String?, [String: String], String)])
    func resolves(option: String?, environment: [String: String], path: String) throws {
        #expect(try DatabaseLocation.resolve(option: option, environment: environment) == .sqlite(path))
    }

    @Test("Nothing to go on gives no path", arguments: [
        [:], ["HOME": ""], ["XDG_DATA_HOME": "relative", "HOME": ""], ["PATH": "/usr/bin"],
    ] as [[String: String]])
    func unresolved(environment: [String: String]) throws {
        #expect(try DatabaseLocation.resolve(option: nil, environment: environment) == nil)
    }

    @Test("An empty --db or TRAQT_DB is an error, not the default", arguments: [
        ("", ["TRAQT_DB": "/e.sqlite", "HOME": "/h"], "--db"),
        ("", ["HOME": "/h"], "--db"),
        (nil, ["TRAQT_DB": "", "XDG_DATA_HOME": "/x", "HOME": "/h"], "TRAQT_DB"),
    ] as [(String?, [String: String], String)])
    func empty(option: String?, environment: [String: String], named: String) {
        let error = #expect(throws: InvalidValue.self) { try DatabaseLocation.resolve(option: option, environment: environment) }
        #expect(error?.message.contains(named) == true)
    }

    @Test("A path is a SQLite file, a postgres URI in any case is PostgreSQL", arguments: [
        ("/srv/traqt/team.sqlite", DatabaseLocation.Engine.sqlite), ("rel/x.sqlite", .sqlite), ("x.sqlite", .sqlite),
        ("./file:x.sqlite", .sqlite), ("./host=x", .sqlite), ("/tmp/a://b", .sqlite), ("notes:2024.sqlite", .sqlite),
        ("postgresql://h/db", .postgres), ("postgres://u@h/db", .postgres), ("POSTGRES://h/db", .postgres),
        ("Postgresql://h/db", .postgres), ("postgresql:///db?host=/run/postgresql", .postgres),
    ] as [(String, DatabaseLocation.Engine)])
    func engines(location: String, engine: DatabaseLocation.Engine) throws {
        #expect(try DatabaseLocation.engine(of: location) == engine)
        #expect(try DatabaseLocation(location).engine == engine)
    }

    @Test("What looks like a URI or a connection string but names no engine traqt has is refused, without the password", arguments: [
        ("file:/x/traqt.sqlite", "file: URIs"), ("FILE:x.sqlite?mode=memory", "file: URIs"), ("file://h/x", "file: URIs"),
        ("postgres:/u:s3cr3t@h/db", "without '//'"), ("postgresql:h", "without '//'"),
        ("host=h password=s3cr3t", "key=value"), ("  dbname=x", "key=value"), ("sslmode=require", "key=value"),
        ("mysql://u:s3cr3t@h/db", "'mysql://'"), ("9p://x", "'://'"), ("x/y://z", "'://'"),
    ])
    func refused(location: String, says: String) {
        let error = #expect(throws: InvalidValue.self) { try DatabaseLocation.engine(of: location) }
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("s3cr3t") == false)
        let resolved = #expect(throws: InvalidValue.self) { try DatabaseLocation.resolve(option: nil, environment: ["TRAQT_DB": location]) }
        #expect(resolved?.message.hasPrefix("TRAQT_DB: ") == true)
    }

    @Test("A message shows a URI without its password", arguments: [
        ("postgresql://u:s3cr3t@h/db", "postgresql://u:***@h/db"),
        ("POSTGRES://u:s3cr3t@h/db", "POSTGRES://u:***@h/db"),
        ("postgresql://u:s3c/r3t@h/db", "postgresql://u:***@h/db"),
        ("postgresql://u:s3c@r3t@h/db", "postgresql://u:***@h/db"),
        ("postgresql://h/db?password=s3cr3t", "postgresql://h/db?password=***"),
        ("postgresql://h/db?sslmode=require&PASSWORD=s3cr3t&x=1", "postgresql://h/db?sslmode=require&PASSWORD=***&x=1"),
        ("postgresql://u@h/db?user=a@b", "postgresql://u@h/db?user=a@b"),
        ("/srv/traqt/team.sqlite", "/srv/traqt/team.sqlite"),
    ])
    func redaction(location: String, shown: String) throws {
        #expect(DatabaseLocation.redacted(location) == shown)
        #expect(try DatabaseLocation(location).shown == shown)
    }

    @Test("Redacting twice changes nothing (inputs the fuzzer found)", arguments: [
        "postdsql://&password=trs:/m@x??y", "postgresql://&password=v:z&k@h", "postgresql://u:&password=v&w@h",
        "x://&password=v&a:b@h?password=q",
        // A password parameter whose value held the '?' that began the query.
        "p.dsql://s&l@%&password=dS?ql&:lql://s&l@%&password=dS?q'-",
    ])
    func redactionIsStable(location: String) {
        let once = DatabaseLocation.redacted(location)
        #expect(DatabaseLocation.redacted(once) == once)
    }

    @Test("A location parsed once keeps the password only where it connects")
    func passwordHeldApart() throws {
        guard case .postgres(let uri) = try DatabaseLocation("POSTGRES://u:s3cr3t@h/db") else {
            Issue.record("not taken for PostgreSQL")
            return
        }
        #expect(uri.shown == "POSTGRES://u:***@h/db")
        #expect(!String(describing: uri).contains("s3cr3t"))
        #expect(try DatabaseLocation("rel/x.sqlite") == .sqlite("rel/x.sqlite"))
    }

    @Test("libpq reads the scheme in lower case")
    func normalizedScheme() {
        #expect(DatabaseLocation.normalizedURI("POSTGRES://U@H/DB") == "postgres://U@H/DB")
        #expect(DatabaseLocation.normalizedURI("postgresql://h/db") == "postgresql://h/db")
    }

    // A combining mark joins the byte before it into one Character; the
    // location is still read byte by byte (found by the location fuzz target).
    @Test("a combining mark after ':', '/' or '//' does not hide them")
    func combiningMarks() throws {
        let uri = "POSTGRES://\u{301}h/db"
        #expect(try DatabaseLocation.engine(of: uri) == .postgres)
        #expect(Array(DatabaseLocation.normalizedURI(uri).utf8) == Array("postgres://\u{301}h/db".utf8))
        #expect(try DatabaseLocation.engine(of: "/\u{301}x://y") == .sqlite)
        #expect(try DatabaseLocation.engine(of: "../\u{301}x://y") == .sqlite)
    }
}
