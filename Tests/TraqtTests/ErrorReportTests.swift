import ArgumentParsing
import Foundation
import Testing
@testable import TraqtCLI
@testable import TraqtCore

/// Every error a user can see, case by case: each has a message, an exit status
/// that docs/exit-codes.md's table documents, an HTTP status, and a reason that
/// means one thing wherever it is used.
@Suite("every reportable error")
struct ErrorReportTests {
    /// One walk per conforming type. Each type's `Case` is matched by a switch
    /// without default, so a new case of an error does not compile until it is
    /// named there, and then fails `everyCaseHasAnExample` until it has an example.
    static var walks: [any ErrorWalk.Type] {
        [
            StoreError.self, CommandError.self, DayMarkError.self, EditError.self, LiveError.self, PushError.self,
            PushCommandError.self, OutputError.self, JSONSyntaxError.self, InvalidRecord.self, InvalidValue.self,
            UsageError.self, WatchFailure.self, APITokenError.self, APIError.self, ServeError.self,
        ]
    }
    static var examples: [any ReportableError] { walks.flatMap { $0.reportableExamples } }

    @Test("every type that conforms to ReportableError in Sources is walked")
    func everyConformingTypeIsWalked() throws {
        var conforming: Set<String> = []
        for text in try DocumentationTests.sourceTexts() {
            for match in text.matches(of: /(?:extension|struct|enum|class) (\w+)\b[^{\n]*: [^{\n]*\bReportableError\b/) {
                conforming.insert(String(match.1))
            }
        }
        #expect(conforming.count >= 13)
        #expect(Set(Self.walks.map { String(describing: $0) }) == conforming)
    }

    @Test("every case of every reportable error has an example", arguments: walks.map { String(describing: $0) })
    func everyCaseHasAnExample(_ type: String) throws {
        let walk = try #require(Self.walks.first { String(describing: $0) == type })
        #expect(walk.missingCases.isEmpty, "\(walk): no example of \(walk.missingCases)")
    }

    @Test("every error has a message, a documented exit status and a listed reason")
    func everyErrorIsMapped() throws {
        let documented = try Self.documentedCodes()
        for error in Self.examples {
            #expect(!error.userMessage.isEmpty, "\(error)")
            #expect(documented.contains(error.exitCode.rawValue), "\(error): \(error.exitCode) is not in docs/exit-codes.md")
            #expect(ErrorReason.all.contains(error.reason), "\(error): \(error.reason.name) is not in ErrorReason.all")
        }
    }

    @Test("each reason has one name, a documented exit status, and an HTTP status of an error")
    func reasonsMeanOneThing() throws {
        let documented = try Self.documentedCodes()
        let names = ErrorReason.all.map(\.name)
        #expect(Set(names).count == names.count, "a name is used for two reasons: \(names)")
        #expect(Set(ErrorReason.all).count == ErrorReason.all.count)
        for reason in ErrorReason.all {
            #expect(reason.name.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(reason.name)")
            #expect((400...599).contains(reason.httpStatus), "\(reason.name): \(reason.httpStatus)")
            #expect(documented.contains(reason.exitCode.rawValue), "\(reason.name): \(reason.exitCode)")
            #expect(reason.exitCode != .success, "\(reason.name)")
        }
        #expect(ExitCode.allCases.filter { !documented.contains($0.rawValue) } == [])
        // Every reason is some error's: none is listed for nothing.
        #expect(Set(Self.examples.map(\.reason)) == Set(ErrorReason.all))
    }

    @Test("messages are what the command line prints: the same text, whichever front end shows it")
    func messages() {
        #expect(LiveError.unknownID("nope").userMessage == "no live activity with id 'nope'; nothing was changed")
        #expect(PushCommandError.refused(.unauthorized, source: "standard input").userMessage
            == "standard input: \(PushError.unauthorized.userMessage)")
        #expect(PushError.tooLarge.userMessage.hasSuffix("; nothing was applied"))
        #expect(OutputError.failed(errno: ENOSPC).userMessage == "cannot write to standard output: No space left on device")
    }

    /// The codes in the first column of docs/exit-codes.md's table.
    static func documentedCodes() throws -> Set<Int32> {
        Set(try DocumentationTests.exitCodeTable().compactMap { Int32($0.code) })
    }
}

/// A reportable error type with one example of each of its cases.
protocol ErrorWalk: ReportableError {
    associatedtype Case: CaseIterable, Hashable
    /// An exhaustive switch: which case this is.
    var walkedCase: Case { get }
    static var examples: [Self] { get }
}

extension ErrorWalk {
    static var reportableExamples: [any ReportableError] { examples }
    static var missingCases: [Case] {
        let covered = Set(examples.map(\.walkedCase))
        return Case.allCases.filter { !covered.contains($0) }
    }
}

/// The case of a type that has no cases.
enum SingleCase: CaseIterable { case only }

extension StoreError: ErrorWalk {
    enum Case: CaseIterable {
        case notATraqtDatabase, corrupt, schemaTooNew, busy, unavailable, permissionDenied, untrusted, notAFile
        case cannotCreate, io, unknownIDs, idTaken, invalidRow, foreignTrigger, schemaChanged, internalError
    }

    var walkedCase: Case {
        switch self {
        case .notATraqtDatabase: .notATraqtDatabase
        case .corrupt: .corrupt
        case .schemaTooNew: .schemaTooNew
        case .busy: .busy
        case .unavailable: .unavailable
        case .permissionDenied: .permissionDenied
        case .untrusted: .untrusted
        case .notAFile: .notAFile
        case .cannotCreate: .cannotCreate
        case .io: .io
        case .unknownIDs: .unknownIDs
        case .idTaken: .idTaken
        case .invalidRow: .invalidRow
        case .foreignTrigger: .foreignTrigger
        case .schemaChanged: .schemaChanged
        case .internalError: .internalError
        }
    }

    static var examples: [StoreError] {
        [
            .notATraqtDatabase(path: "x.sqlite", detail: "file is not a database"),
            .corrupt(path: "x.sqlite", detail: "database disk image is malformed"),
            .schemaTooNew(path: "x.sqlite", found: 9, supported: 5),
            .busy(path: "x.sqlite", detail: "database is locked"),
            .unavailable(path: "postgresql://db/traqt", detail: "connection refused"),
            .permissionDenied(path: "x.sqlite", detail: "Permission denied"),
            .untrusted(path: "x.sqlite-journal", detail: "a link"),
            .notAFile(path: "/dev/null", kind: "a device"),
            .cannotCreate(path: "x.sqlite", detail: "No such file or directory"),
            .io(path: "x.sqlite", detail: "disk I/O error"),
            .unknownIDs(["a", "b"]),
            .idTaken(id: "c-study", byName: "C++ study"),
            .invalidRow(path: "x.sqlite", table: "activity", key: "a", detail: "days out of range"),
            .foreignTrigger(path: "x.sqlite", trigger: TableTrigger(kind: "trigger", name: "t", table: "activity")),
            .schemaChanged(path: "x.sqlite", detail: "CHECK constraint failed"),
            .internalError(detail: "SQLite error 21: bad parameter or other API misuse"),
        ]
    }
}

extension CommandError: ErrorWalk {
    enum Case: CaseIterable {
        case inputMissing, inputUnreadable, inputTooLarge, outputFailed, outputRefused, noDatabaseLocation
        case invalidEnvironment, invalidRecord, invalidJSON, idTaken, commandsFailed
    }

    var walkedCase: Case {
        switch self {
        case .inputMissing: .inputMissing
        case .inputUnreadable: .inputUnreadable
        case .inputTooLarge: .inputTooLarge
        case .outputFailed: .outputFailed
        case .outputRefused: .outputRefused
        case .noDatabaseLocation: .noDatabaseLocation
        case .invalidEnvironment: .invalidEnvironment
        case .invalidRecord: .invalidRecord
        case .invalidJSON: .invalidJSON
        case .idTaken: .idTaken
        case .commandsFailed: .commandsFailed
        }
    }

    static var examples: [CommandError] {
        [
            .inputMissing(path: "in.json"),
            .inputUnreadable(path: "in.json", reason: "Permission denied", permission: true),
            .inputUnreadable(path: "in.json", reason: "Input/output error", permission: false),
            .inputTooLarge(path: "-", limit: 64 << 20),
            .outputFailed(path: "out.json", reason: "Permission denied", permission: true),
            .outputFailed(path: "out.json", reason: "No space left on device", permission: false),
            .outputRefused(path: "out.json", reason: "a link of another user"),
            .noDatabaseLocation,
            .invalidEnvironment(name: "TRAQT_BUSY_TIMEOUT", value: "soon", expected: "milliseconds, 0 or more"),
            .invalidRecord(InvalidRecord(index: 0, field: "id", message: "missing"), path: "in.json"),
            .invalidJSON(JSONSyntaxError(message: "unexpected end", line: 1, column: 2), path: "in.json"),
            .idTaken(id: "c-study", existingName: "C++ study", name: "C# study"),
            .commandsFailed([(id: "a", outcome: "exited with status 1")], of: 1, unstarted: [(id: "b", reason: "not found")]),
        ]
    }
}

extension DayMarkError: ErrorWalk {
    enum Case: CaseIterable { case unknownIDs, notScheduled, decided }

    var walkedCase: Case {
        switch self {
        case .unknownIDs: .unknownIDs
        case .notScheduled: .notScheduled
        case .decided: .decided
        }
    }

    static var examples: [DayMarkError] {
        [
            .unknownIDs(["a"]),
            .notScheduled(id: "a", days: Weekdays(mask: 1)!, from: LocalDate(year: 2026, month: 12, day: 1)!,
                          to: LocalDate(year: 2026, month: 12, day: 2)!),
            .decided([DecidedOccurrence(id: "a", date: "2026-12-01", status: "missed", firedAt: nil)]),
        ]
    }
}

extension APITokenError: ErrorWalk {
    enum Case: CaseIterable { case invalidName, invalidTopic, nameTaken, unknownName }

    var walkedCase: Case {
        switch self {
        case .invalidName: .invalidName
        case .invalidTopic: .invalidTopic
        case .nameTaken: .nameTaken
        case .unknownName: .unknownName
        }
    }

    static var examples: [APITokenError] { [.invalidName("a b"), .invalidTopic("a_b"), .nameTaken("ci"), .unknownName("ci")] }
}

extension EditError: ErrorWalk {
    enum Case: CaseIterable { case unknownID, idTaken }

    var walkedCase: Case {
        switch self {
        case .unknownID: .unknownID
        case .idTaken: .idTaken
        }
    }

    static var examples: [EditError] { [.unknownID("a"), .idTaken(id: "gym", byName: "Gym")] }
}

extension LiveError: ErrorWalk {
    enum Case: CaseIterable {
        case unknownID, alreadyRunning, ended, unknownActivity, tooLarge, notAnObject
        case unknownPushToken, unregistered, notAStart, wrongType, incompleteStart
        case timestampInFuture, badDate, payloadTooLarge, unknownChannel, startOnChannel
    }

    var walkedCase: Case {
        switch self {
        case .unknownID: .unknownID
        case .alreadyRunning: .alreadyRunning
        case .ended: .ended
        case .unknownActivity: .unknownActivity
        case .tooLarge: .tooLarge
        case .notAnObject: .notAnObject
        case .unknownPushToken: .unknownPushToken
        case .unregistered: .unregistered
        case .notAStart: .notAStart
        case .wrongType: .wrongType
        case .incompleteStart: .incompleteStart
        case .timestampInFuture: .timestampInFuture
        case .badDate: .badDate
        case .payloadTooLarge: .payloadTooLarge
        case .unknownChannel: .unknownChannel
        case .startOnChannel: .startOnChannel
        }
    }

    static var examples: [LiveError] {
        [
            .unknownID("pizza"), .alreadyRunning(id: "pizza", since: Instant(seconds: 0)),
            .ended(id: "pizza", at: Instant(seconds: 60)), .unknownActivity("walk-dog"),
            .tooLarge(field: "state", bytes: 5000), .notAnObject(field: "state", found: "an array"),
            .unknownPushToken(String(repeating: "ab", count: 32)),
            .unregistered(id: "pizza", since: Instant(seconds: 60)), .notAStart(type: "delivery"),
            .wrongType(tokenType: "delivery", given: "pizza"),
            .incompleteStart(type: "delivery", missing: ["attributes", "alert"]),
            .timestampInFuture(PushTimestamp(milliseconds: 200_000_000), now: Instant(seconds: 0)),
            .badDate(field: "aps.timestamp", .milliseconds), .badDate(field: "aps.stale-date", .negative),
            .payloadTooLarge(bytes: 4097), .unknownChannel("bm9wZQ=="), .startOnChannel("bm9wZQ=="),
        ]
    }
}

extension PushError: ErrorWalk {
    enum Case: CaseIterable { case invalid, unauthorized, tooLarge }

    var walkedCase: Case {
        switch self {
        case .invalid: .invalid
        case .unauthorized: .unauthorized
        case .tooLarge: .tooLarge
        }
    }

    static var examples: [PushError] {
        [
            .invalid(index: 0, field: "aps.event", message: "missing"), .invalid(index: 1, field: nil, message: "not an object"),
            .unauthorized, .tooLarge,
        ]
    }
}

extension PushCommandError: ErrorWalk {
    enum Case: CaseIterable { case invalidJSON, refused, notificationRefused, notificationsRefused, linesRefused }

    var walkedCase: Case {
        switch self {
        case .invalidJSON: .invalidJSON
        case .refused: .refused
        case .notificationRefused: .notificationRefused
        case .notificationsRefused: .notificationsRefused
        case .linesRefused: .linesRefused
        }
    }

    static var examples: [PushCommandError] {
        [
            .invalidJSON(JSONSyntaxError(message: "unexpected end", line: 1, column: 2), source: "standard input"),
            .refused(.unauthorized, source: "standard input"),
            .refused(.tooLarge, source: "standard input, line 2"),
            .notificationRefused("notification 0: no live activity with id 'a'", source: "standard input"),
            .notificationsRefused(1, of: 3), .notificationsRefused(2, of: 2),
            .linesRefused(1, of: 3, unauthorized: false), .linesRefused(2, of: 3, unauthorized: true),
        ]
    }
}

extension OutputError: ErrorWalk {
    enum Case: CaseIterable { case brokenPipe, failed }

    var walkedCase: Case {
        switch self {
        case .brokenPipe: .brokenPipe
        case .failed: .failed
        }
    }

    static var examples: [OutputError] { [.brokenPipe, .failed(errno: ENOSPC)] }
}

extension JSONSyntaxError: ErrorWalk {
    var walkedCase: SingleCase { .only }
    static var examples: [JSONSyntaxError] { [JSONSyntaxError(message: "unexpected end", line: 1, column: 2)] }
}

extension InvalidRecord: ErrorWalk {
    var walkedCase: SingleCase { .only }
    static var examples: [InvalidRecord] { [InvalidRecord(index: 0, field: "days", message: "unknown day 'funday'")] }
}

extension InvalidValue: ErrorWalk {
    var walkedCase: SingleCase { .only }
    static var examples: [InvalidValue] { [InvalidValue("invalid time '24:00'")] }
}

extension UsageError: ErrorWalk {
    var walkedCase: SingleCase { .only }
    static var examples: [UsageError] { [UsageError("Unknown command 'frobnicate'", command: nil)] }
}

extension WatchFailure: ErrorWalk {
    var walkedCase: SingleCase { .only }
    static var examples: [WatchFailure] { [WatchFailure(call: "poll", errno: EINVAL)] }
}

extension APIError: ErrorWalk {
    enum Case: CaseIterable {
        case noRoute, methodNotAllowed, unauthenticated, forbidden, unsupportedMediaType, invalidParameter, invalidBody
        case bodyTooLarge, unavailable, requestTimeout
    }

    var walkedCase: Case {
        switch self {
        case .noRoute: .noRoute
        case .methodNotAllowed: .methodNotAllowed
        case .unauthenticated: .unauthenticated
        case .forbidden: .forbidden
        case .unsupportedMediaType: .unsupportedMediaType
        case .invalidParameter: .invalidParameter
        case .invalidBody: .invalidBody
        case .bodyTooLarge: .bodyTooLarge
        case .unavailable: .unavailable
        case .requestTimeout: .requestTimeout
        }
    }

    static var examples: [APIError] {
        [.noRoute(path: "/v1/nope"), .methodNotAllowed(method: "POST", allowed: ["GET"]),
         .unauthenticated(wrongToken: false), .unauthenticated(wrongToken: true), .forbidden(token: "ci", needs: .write),
         .unsupportedMediaType("text/plain"), .invalidParameter(name: "date", message: "expected a date"),
         .invalidBody(message: "expected an object"), .bodyTooLarge(limit: 1 << 20), .unavailable("too many event streams"), .requestTimeout(seconds: 10)]
    }
}

extension ServeError: ErrorWalk {
    enum Case: CaseIterable { case notBuiltIn, cannotListen, cannotStart, tlsIncomplete }

    var walkedCase: Case {
        switch self {
        case .notBuiltIn: .notBuiltIn
        case .cannotListen: .cannotListen
        case .cannotStart: .cannotStart
        case .tlsIncomplete: .tlsIncomplete
        }
    }

    static var examples: [ServeError] {
        [.notBuiltIn, .cannotListen(address: "127.0.0.1:80", reason: "Permission denied"),
         .cannotStart(address: "127.0.0.1:8731"), .tlsIncomplete]
    }
}
