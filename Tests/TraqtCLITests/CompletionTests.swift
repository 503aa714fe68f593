import Foundation
import Testing

/// The completion scripts in real shells: commands, subcommands, option
/// values, and ids read from a real database through the binary.
@Suite("shell completion in bash, zsh and fish")
struct CompletionTests {
    let shells: ShellCompletion
    let database: String
    /// The activities' ids in list order; `read books` has a space.
    static let activityIDs = ["walk-dog", "read books", "gym"]

    /// Three activities; `walk-dog` runs live, `pizza` has ended.
    init() throws {
        shells = try ShellCompletion()
        database = shells.folder.file("traqt.sqlite")
        for arguments in [["add", "Walk dog", "--days", "daily", "--at", "07:00"],
                          ["add", "Read", "--days", "daily", "--at", "08:00", "--id", "read books"],
                          ["add", "Gym", "--days", "mon-fri", "--at", "19:00"],
                          ["live", "start", "walk-dog"],
                          ["live", "start", "--id", "pizza"], ["live", "end", "pizza"]] {
            let result = try InProcessTraqt.run(arguments, database: database)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    private var withDatabase: [String: String] { ["TRAQT_DB": database] }

    @Test("bash: commands, subcommands, option names and values")
    func bashWords() throws {
        let lines: [(String, [String])] = [
            ("traqt li", ["list", "live"]),
            ("traqt live st", ["start", "status"]),
            ("traqt add Walk --days m", ["mon", "mask:"]),
            ("traqt add Walk --days mon,t", ["mon,tue", "mon,thu"]),
            ("traqt add Walk --days=we", ["wed", "weekdays", "weekends"]),
            ("traqt export --format ", ["json", "ics"]),
            ("traqt live end --dismiss i", ["immediate"]),
            ("traqt summary --date to", ["today", "tomorrow"]),
            ("traqt completions ", ["bash", "zsh", "fish"]),
            ("traqt help live ", ["start", "update", "end", "list", "status", "token", "channel"]),
            ("traqt today --q", ["--quiet"]),
            ("traqt --", ["--db", "--help", "--version"]),
            ("traqt add Walk --at ", []),
        ]
        let results = try shells.bash(lines.map(\.0), environment: withDatabase)
        for ((line, expected), result) in zip(lines, results) {
            #expect(result == expected, "\(line)")
        }
    }

    @Test("bash: ids from the database for remove, live start, live end and --id")
    func bashIDs() throws {
        let results = try shells.bash(["traqt remove ", "traqt remove walk-dog r", "traqt live start ",
                                       "traqt add Walk --id g", "traqt live end ", "traqt live update w"],
                                      environment: withDatabase)
        #expect(results == [["walk-dog", "read\\ books", "gym"], ["read\\ books"], ["walk-dog", "read\\ books", "gym"],
                            ["gym"], ["walk-dog"], ["walk-dog"]])
    }

    @Test("bash: ids from the database --db names earlier on the line, in any of its forms")
    func bashDatabaseOption() throws {
        let copy = shells.folder.file("home/other.sqlite")
        #expect(try InProcessTraqt.run(["--db", copy, "add", "Tea", "--days", "daily", "--at", "16:00"], database: nil).status == 0)
        let results = try shells.bash(["traqt --db \(database) remove ", "traqt remove --db=\(database) ",
                                       "traqt live --db \(database) end ", "traqt --db '\(database)' remove ",
                                       "traqt --db ~/other.sqlite remove ", "traqt remove "],
                                      environment: withDatabase.merging(["TRAQT_DB": copy]) { $1 })
        #expect(results == [["walk-dog", "read\\ books", "gym"], ["walk-dog", "read\\ books", "gym"], ["walk-dog"],
                            ["walk-dog", "read\\ books", "gym"], ["tea"], ["tea"]])
    }

    @Test("A missing database completes no ids and is not created, in every shell")
    func missingDatabase() throws {
        let missing = shells.folder.file("missing/traqt.sqlite")
        let lines = ["traqt --db \(missing) remove ", "traqt --db \(missing) live end ", "traqt remove "]
        let environment = ["TRAQT_DB": missing]
        #expect(try shells.bash(lines, environment: environment) == [[], [], []])
        #expect(try shells.zsh(lines, environment: environment) == [[], [], []])
        #expect(try shells.fish(lines, environment: environment) == [[], [], []])
        #expect(!FileManager.default.fileExists(atPath: shells.folder.file("missing")))
    }

    @Test("zsh: the script parses, and a real zsh completes commands, values and ids")
    func zsh() throws {
        let script = try InProcessTraqt.run(["completions", "zsh"], database: nil).stdout
        #expect(try syntaxCheck("/usr/bin/zsh", script: script) == 0)
        let results = try shells.zsh(["traqt li", "traqt live st", "traqt add Walk --days m", "traqt remove ",
                                      "traqt --db \(database) live end ", "traqt export --format "])
        // zsh quotes a space in a match.
        let unquoted = results.map { $0.map { $0.replacing("\\", with: "") } }
        #expect(unquoted.map(Set.init) == [["list", "live"], ["start", "status"], ["mon", "mask:"], [], ["walk-dog"], ["json", "ics"]])
        let ids = try shells.zsh(["traqt remove "], environment: withDatabase)
        #expect(Set(ids[0].map { $0.replacing("\\", with: "") }) == Set(Self.activityIDs))
    }

    @Test("fish: the script parses, and fish loads it from its folder and completes commands, values and ids")
    func fish() throws {
        let script = try InProcessTraqt.run(["completions", "fish"], database: nil).stdout
        #expect(try syntaxCheck("/usr/bin/fish", script: script) == 0)
        let results = try shells.fish(["traqt li", "traqt live st", "traqt add Walk --days=mon,t", "traqt remove ",
                                       "traqt live end ", "traqt --db \(database) live update ", "traqt export --format "],
                                      environment: withDatabase)
        #expect(results.map(Set.init) == [["list", "live"], ["start", "status"], ["--days=mon,tue", "--days=mon,thu"],
                                          Set(Self.activityIDs), ["walk-dog"], ["walk-dog"], ["json", "ics"]])
    }

    @Test("the hidden listing prints one id a line, only reads, and is not offered")
    func hiddenListing() throws {
        #expect(try InProcessTraqt.run(["__complete", "ids"], database: database).stdout == "walk-dog\nread books\ngym\n")
        #expect(try InProcessTraqt.run(["__complete", "ids", "--live"], database: database).stdout == "walk-dog\n")
        let missing = shells.folder.file("none/traqt.sqlite")
        let result = try InProcessTraqt.run(["__complete", "ids"], database: missing)
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: shells.folder.file("none")))
        #expect(try InProcessTraqt.run(["__complete", "names"], database: database).status == 64)
        for shell in ["bash", "zsh", "fish"] {
            #expect(try shells.completions(of: "traqt ", in: shell).allSatisfy { !$0.hasPrefix("__") })
        }
        #expect(!(try InProcessTraqt.run(["--help"], database: nil).stdout.contains("__complete")))
    }

    @Test("an id with a line break, which only another program could store, is left out of the listing")
    func foreignID() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, "insert into activity values('two' || char(10) || 'lines','x',127,480,1764460800,1764460800)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try InProcessTraqt.run(["__complete", "ids"], database: database).stdout == "walk-dog\nread books\ngym\n")
    }

    @Test("every word offered for --days and --date is one traqt reads")
    func wordsAreValid() throws {
        let words = try shells.bash(["traqt add Walk --days ", "traqt summary --date "])
        #expect(words[0].count == 11 && words[1].count == 10)
        for day in words[0] {
            let value = day == "mask:" ? "mask:62" : day
            let added = try InProcessTraqt.run(["add", "Walk", "--days", value, "--at", "7"], database: database)
            #expect(added.status == 0, "--days \(value): \(added.stderr)")
        }
        for date in words[1] {
            let summary = try InProcessTraqt.run(["summary", "--date", date], database: database)
            #expect(summary.status == 0, "--date \(date): \(summary.stderr)")
        }
    }

    @Test("completions names the shells it knows when given another")
    func unknownShell() throws {
        let result = try InProcessTraqt.run(["completions", "tcsh"], database: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Invalid value for '<shell>': unknown shell 'tcsh'; expected bash, zsh or fish\n"))
        #expect(result.stdout.isEmpty)
    }
}

extension ShellCompletion {
    /// What `shell` offers for one line.
    func completions(of line: String, in shell: String, environment: [String: String] = [:]) throws -> [String] {
        switch shell {
        case "bash": return try bash([line], environment: environment)[0]
        case "zsh": return try zsh([line], environment: environment)[0].map { $0.replacing("\\", with: "") }
        default: return try fish([line], environment: environment)[0]
        }
    }
}

/// `shell -n` on `script`: its exit status (0 when the shell reads it without a syntax error).
func syntaxCheck(_ shell: String, script: String) throws -> Int32 {
    let scratch = try TemporaryDirectory()
    let path = scratch.file("script")
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-n", path]
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
