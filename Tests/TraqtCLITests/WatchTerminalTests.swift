import Foundation
import Testing

/// `traqt watch` on a real terminal (tmux): the full-screen view follows other
/// processes' commits and the window's size, and every way out gives the
/// terminal back exactly: the screen, the cursor, echo and line mode.
@Suite("watch on a terminal")
struct WatchTerminalTests {
    enum Ending: String, CaseIterable, Sendable {
        case q, ctrlC, sigterm, error
        /// What the shell reports: 0 after q, killed by the signal, 65 for a database that is not one.
        var status: Int {
            switch self {
            case .q: return 0
            case .ctrlC: return 128 + Int(SIGINT)
            case .sigterm: return 128 + Int(SIGTERM)
            case .error: return 65
            }
        }
    }

    @Test("the view in place, a resize, and the terminal restored on every way out", arguments: Ending.allCases)
    func terminal(ending: Ending) throws {
        let fixture = try LiveFixture()
        let tmux = try TmuxSession(columns: 60, rows: 20,
                                   environment: ["TRAQT_DB": fixture.database, "TRAQT": TraqtProcess.executable.path])
        try tmux.type("PS1='prompt> '; stty -g > before.stty; echo previous-content")
        try #require(try tmux.waitForScreen { $0.contains("previous-content") } != nil)
        try tmux.type(#"sh -c 'echo $$ > watch.pid; exec "$TRAQT" watch --now 2026-11-30T06:00'"#)
        let first = try tmux.waitForScreen { $0.contains("Pending today") && $0.contains("▸ 07:30  Walk dog") }
        try #require(first != nil, "\((try? tmux.screen()) ?? [])")
        #expect(first?.first?.hasPrefix("Monday 2026-11-30  06:00:0") == true)
        #expect(try tmux.show("#{alternate_on} #{cursor_flag}") == "1 0")
        #expect(first?.contains("previous-content") == false)

        if ending == .q {
            // Commits of other processes, then a window too small for the view.
            try fixture.succeed(["add", "Gym", "--days", "daily", "--at", "18:00"])
            #expect(try tmux.waitForScreen { $0.contains("  18:00  Gym") } != nil)
            try fixture.succeed(["live", "start", "walk-dog", "--now", "2026-11-30T06:00"])
            let running = try tmux.waitForScreen { $0.contains { $0.hasPrefix("  00:0") && $0.hasSuffix("active  Walk dog") } }
            #expect(running != nil, "\((try? tmux.screen()) ?? [])")
            try tmux.tmux(["resize-window", "-x", "20", "-y", "8"])
            // The header cut to 20 columns, the rows that do not fit replaced by one '…'.
            let small = try tmux.waitForScreen { $0.first == "Monday 2026-11-30  …" && $0.count >= 8 && $0[7] == "…" }
            #expect(small != nil, "\((try? tmux.screen()) ?? [])")
            #expect(small?.allSatisfy { $0.count <= 20 } == true)
            try tmux.tmux(["resize-window", "-x", "60", "-y", "20"])
        }

        switch ending {
        case .q: try tmux.tmux(["send-keys", "q"])
        case .ctrlC: try tmux.tmux(["send-keys", "C-c"])
        case .sigterm:
            let pid = try String(contentsOfFile: tmux.directory.file("watch.pid"), encoding: .utf8)
            #expect(kill(try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))), SIGTERM) == 0)
        case .error:
            let garbage = fixture.directory.file("garbage")
            try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: garbage))
            #expect(rename(garbage, fixture.database) == 0)
        }
        // Back at the prompt (bash skips the rest of a line after Ctrl-C: the status is asked apart).
        let after = try tmux.waitForScreen { $0.last { !$0.isEmpty } == "prompt>" }
        try #require(after != nil, "\((try? tmux.screen()) ?? [])")
        #expect(try tmux.show("#{alternate_on} #{cursor_flag}") == "0 1")
        // The shell's screen is back as it was, the view gone.
        #expect(after?.contains("previous-content") == true)
        #expect(after?.contains { $0.contains("Pending today") } == false)
        if ending == .error {
            #expect(after?.contains { $0.hasPrefix("Error: ") && $0.contains("is not a traqt database") } == true, "\(after ?? [])")
        }
        // Echo and line mode as before: the same stty settings, and a typed line runs.
        try tmux.type("echo $? > status; stty -g > after.stty; echo restored-$((6 * 7))")
        #expect(try tmux.waitForScreen { $0.contains("restored-42") } != nil)
        #expect(try String(contentsOfFile: tmux.directory.file("status"), encoding: .utf8) == "\(ending.status)\n")
        #expect(try String(contentsOfFile: tmux.directory.file("after.stty"), encoding: .utf8)
            == (try String(contentsOfFile: tmux.directory.file("before.stty"), encoding: .utf8)))
    }

    @Test("TERM=dumb: no full screen, the view printed again below each time it changes")
    func dumbTerminal() throws {
        let fixture = try LiveFixture()
        let tmux = try TmuxSession(columns: 60, rows: 30,
                                   environment: ["TRAQT_DB": fixture.database, "TRAQT": TraqtProcess.executable.path])
        try tmux.type(#"TERM=dumb "$TRAQT" watch --now 2026-11-30T06:00"#)
        try #require(try tmux.waitForScreen { $0.contains("▸ 07:30  Walk dog") } != nil, "\((try? tmux.screen()) ?? [])")
        #expect(try tmux.show("#{alternate_on} #{cursor_flag}") == "0 1")
        try fixture.succeed(["add", "Gym", "--days", "daily", "--at", "18:00"])
        let twice = try tmux.waitForScreen { $0.contains("  18:00  Gym") }
        #expect(twice?.filter { $0 == "Pending today" }.count == 2, "\(twice ?? [])")
        #expect(twice?.contains("q quits") == false)
        try tmux.tmux(["send-keys", "C-c"])
    }
}
