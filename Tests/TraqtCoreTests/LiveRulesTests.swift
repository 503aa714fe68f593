import Testing
@testable import TraqtCore

/// Apple's rules for a live activity, computed at a moment, at their boundaries.
@Suite("live activity rules")
struct LiveRulesTests {
    static let start = Instant(seconds: 1_764_489_600)

    private func at(_ seconds: Int) -> Instant { Instant(seconds: Self.start.seconds + seconds) }

    @Test("stale at exactly staleAt, active one second before")
    func stale() {
        let live = LiveActivity(id: "a", startedAt: Self.start, staleAt: at(600))
        #expect(live.status(at: at(599)) == .active)
        #expect(live.status(at: at(600)) == .stale)
        #expect(live.status(at: at(601)) == .stale)
        #expect(LiveActivity(id: "a", startedAt: Self.start).status(at: at(7 * 3600)) == .active)
    }

    @Test("the 8 h limit: active until start + 8h, ended from it, counted as its end")
    func timeLimit() {
        let live = LiveActivity(id: "a", startedAt: Self.start, staleAt: at(60))
        let limit = 8 * 3600
        #expect(live.maxDuration == limit)
        #expect(live.status(at: at(limit - 1)) == .stale)
        #expect(live.end(at: at(limit - 1)) == nil)
        #expect(live.elapsedSeconds(at: at(limit - 1)) == limit - 1)
        #expect(live.status(at: at(limit)) == .ended)
        #expect(live.end(at: at(limit)) == at(limit))
        #expect(live.elapsedSeconds(at: at(limit + 5000)) == limit)
        // Ended by its limit, it is dismissed by the default policy.
        #expect(live.status(at: at(limit + 4 * 3600 - 1)) == .ended)
        #expect(live.status(at: at(limit + 4 * 3600)) == .dismissed)
    }

    @Test("no limit with a max duration of 0")
    func noLimit() {
        let live = LiveActivity(id: "a", startedAt: Self.start, maxDuration: 0)
        #expect(live.status(at: at(400 * 86_400)) == .active)
        #expect(live.elapsedSeconds(at: at(400 * 86_400)) == 400 * 86_400)
    }

    @Test("an ended one stays listed 4 hours by default, then is dismissed")
    func defaultDismissal() {
        let end = at(100)
        let live = LiveActivity(id: "a", startedAt: Self.start, endedAt: end,
                                dismissAt: DismissalPolicy.default.dismissAt(end: end))
        #expect(live.status(at: at(99)) == .active)
        #expect(live.status(at: at(100)) == .ended)
        #expect(live.status(at: at(100 + 4 * 3600 - 1)) == .ended)
        #expect(live.status(at: at(100 + 4 * 3600)) == .dismissed)
        #expect(live.elapsedSeconds(at: at(100_000)) == 100)
    }

    @Test("dismissal policies, capped at 4 hours after the end", arguments: [
        (DismissalPolicy.default, 4 * 3600),
        (.immediate, 0),
        (.after(TimeSpan(seconds: 900)), 900),
        (.after(TimeSpan(seconds: 4 * 3600)), 4 * 3600),
        (.after(TimeSpan(seconds: 4 * 3600 + 1)), 4 * 3600),
        (.after(TimeSpan(seconds: 5 * 3600)), 4 * 3600),
        (.at(Instant(seconds: 1_000 + 1_800)), 1_800),
        (.at(Instant(seconds: 1_000 - 60)), 0),
        (.at(Instant(seconds: 1_000 + 4 * 3600)), 4 * 3600),
        (.at(Instant(seconds: 1_000 + 4 * 3600 + 1)), 4 * 3600),
    ] as [(DismissalPolicy, Int)])
    func dismissalPolicies(policy: DismissalPolicy, after: Int) {
        #expect(policy.dismissAt(end: Instant(seconds: 1_000)) == Instant(seconds: 1_000 + after))
    }

    @Test("dismissed immediately: dismissed at the end itself")
    func immediate() {
        let live = LiveActivity(id: "a", startedAt: Self.start, endedAt: at(50), dismissAt: at(50))
        #expect(live.status(at: at(49)) == .active)
        #expect(live.status(at: at(50)) == .dismissed)
    }

    @Test("elapsed time as a stopwatch shows it", arguments: [
        (0, "00:00"), (7, "00:07"), (307, "05:07"), (3599, "59:59"), (3600, "01:00:00"),
        (3723, "01:02:03"), (86_399, "23:59:59"), (360_000, "100:00:00"), (-5, "00:00"),
    ])
    func elapsedText(seconds: Int, text: String) {
        #expect(LiveActivity.elapsedText(seconds: seconds) == text)
    }

    @Test("--dismiss reads default, immediate, a duration or a date and time")
    func parseDismissal() throws {
        #expect(try DismissalPolicy.parse("default") == .default)
        #expect(try DismissalPolicy.parse("Immediate") == .immediate)
        #expect(try DismissalPolicy.parse("15m") == .after(TimeSpan(seconds: 900)))
        #expect(try DismissalPolicy.parse("2026-11-30T10:00Z") == .at(Instant(seconds: 1_796_032_800)))
        #expect(throws: InvalidValue.self) { try DismissalPolicy.parse("later") }
    }
}

@Suite("live activity JSON objects")
struct LiveObjectTests {
    /// `{"x":"aaa…"}` of exactly `bytes` bytes as compact JSON.
    private func object(bytes: Int) -> JSONValue {
        .object([("x", .string(String(repeating: "a", count: bytes - 8)))])
    }

    @Test("stored as canonical compact JSON: no white space, a repeated name once, escapes as written by traqt")
    func canonical() throws {
        let parsed = try JSONParser.parse(Array(#" { "b" : [1, 2.50, true, null], "a" : "x\"y\u00e9\n", "b": {"c" : {}} } "#.utf8))
        let object = try LiveObject(parsed, field: "state")
        #expect(object.text == #"{"b":{"c":{}},"a":"x\"yé\n"}"#)
        #expect(JSONValue.array([.number("1e3"), .string("/")]).compactJSON == #"[1e3,"/"]"#)
    }

    @Test("4096 bytes as stored are accepted, 4097 refused")
    func limit() throws {
        #expect(try LiveObject(object(bytes: 4096), field: "state").text.utf8.count == 4096)
        #expect(throws: LiveError.tooLarge(field: "state", bytes: 4097)) {
            try LiveObject(object(bytes: 4097), field: "state")
        }
        // White space in the input does not count; what is stored does.
        let spaced = "{ \"x\" : \"" + String(repeating: "a", count: 4088) + "\" }"
        #expect(try LiveObject(JSONParser.parse(Array(spaced.utf8)), field: "attributes").text.utf8.count == 4096)
    }

    @Test("only objects")
    func onlyObjects() {
        #expect(throws: LiveError.notAnObject(field: "state", found: "an array")) {
            try LiveObject(.array([]), field: "state")
        }
    }

    @Test("setting members keeps the others and their order, adds new ones at the end")
    func setting() throws {
        let object = try LiveObject(.object([("a", .number("1")), ("b", .number("2"))]), field: "state")
        let changed = try object.setting([("b", .string("x")), ("c", .bool(true))], field: "state")
        #expect(changed.text == #"{"a":1,"b":"x","c":true}"#)
        #expect(throws: LiveError.self) { try object.setting([("big", .string(String(repeating: "a", count: 4090)))], field: "state") }
    }
}
