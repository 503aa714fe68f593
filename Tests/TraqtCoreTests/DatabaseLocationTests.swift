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
        #expect(try DatabaseLocation.resolve(option: option, environment: environment) == path)
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
}
