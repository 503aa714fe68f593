import ArgumentParsing
import TraqtCore

enum PushCommand: Command {
    static let spec = CommandSpec(
        "push",
        abstract: "Apply live-activity push requests from a file or standard input.",
        discussion: """
            Reads the shapes push services send: a push vendor's envelope \
            {"request": {"auth": …, "notifications": [N, …]}}; a notification N = \
            {"live_activity_id": ID, "live_activity": {"event": …, …}}; an APNs payload \
            {"aps": {"event": …, …}, "live_activity_id": ID}; or a JSON array of any of these. \
            event is start, update or end; content-state, attributes-type, attributes, \
            timestamp, stale-date, dismissal-date and relevance-score are read as APNs \
            sends them, dates in seconds since the epoch. Prints 'started ID', 'updated ID', \
            'ended ID' or 'skipped ID: …' per notification. One whose timestamp is not newer \
            than the last event applied to its id is skipped ('not newer than …'), as is an \
            end of one already ended: not an error. Without a timestamp it happens when \
            applied. A start whose id is an activity's id runs on that activity. One document is applied in \
            one transaction, all or nothing: a bad one exits 65 naming the notification \
            (0-based, envelopes and arrays flattened) and its field. Documents over 64 MiB \
            are refused (65). When TRAQT_PUSH_TOKEN is set (not empty), only envelopes whose \
            auth equals it are applied; anything else exits 77. --follow reads JSON Lines \
            until the input ends, applying each line as its own document as it arrives; a \
            bad line is reported on standard error and the rest go on; the exit status is \
            then 65 (77 if a line was not authorized).
            """,
        arguments: [ArgumentSpec("file", optional: true, completion: .files, help: "The file to read, or '-' for standard input (the default).")],
        options: [
            follow,
            CommonOptions.now,
        ],
        examples: [
            "ssh host traqt push - < update.json",
            "mosquitto_sub -t traqt/live | traqt push --follow",
        ])

    static let follow = OptionSpec("follow", short: "f", help: "Read JSON Lines as they arrive, one document per line.")

    static func run(_ context: Context) throws {
        let path = context.arguments.positionals.first ?? "-"
        let source = path == "-" ? "standard input" : path
        let token = context.environment["TRAQT_PUSH_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        _ = try context.now() // a bad --now is refused before any input is read
        let input = try context.openInput(path)
        var store: ActivityStore?
        // Opened at the first document that has something to apply.
        let open = { () throws -> ActivityStore in
            if let store { return store }
            let opened = try context.openForWriting(createIfMissing: true)
            store = opened
            return opened
        }
        guard context.arguments.flag(Self.follow) else {
            guard var bytes = try input.readAll(limit: PushDocument.byteLimit)?[...] else {
                throw PushCommandError.refused(.tooLarge, source: source)
            }
            try apply(&bytes, source: source, token: token, context, store: open)
            return
        }
        var refused = 0, documents = 0, unauthorized = false, lineNumber = 0
        while let line = try input.nextLine(limit: PushDocument.byteLimit) {
            lineNumber += 1
            if case let .text(bytes) = line, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            documents += 1
            do {
                let lineSource = "\(source), line \(lineNumber)"
                guard case var .text(bytes) = line else { throw PushCommandError.refused(.tooLarge, source: lineSource) }
                try apply(&bytes, source: lineSource, token: token, context, store: open)
                try context.output.flush()
            } catch let error as PushCommandError {
                // A bad line is reported and the stream goes on; store failures end it.
                context.printError(error.userMessage)
                refused += 1
                if error.reason == .unauthorized { unauthorized = true }
            }
        }
        if refused > 0 { throw PushCommandError.linesRefused(refused, of: documents, unauthorized: unauthorized) }
    }

    /// Applies one document and prints a line per notification. The text is
    /// let go once read: while the store works, only the notifications are held.
    private static func apply(_ bytes: inout ArraySlice<UInt8>, source: String, token: String?, _ context: Context,
                              store: () throws -> ActivityStore) throws {
        let outcomes: [LiveOutcome]
        do {
            let notifications = try PushDocument.notifications(in: bytes, token: token)
            bytes = []
            if notifications.isEmpty { return }
            outcomes = try store().applyLive(notifications, now: try context.now())
        } catch let error as JSONSyntaxError {
            throw PushCommandError.invalidJSON(error, source: source)
        } catch let error as PushError {
            throw PushCommandError.refused(error, source: source)
        }
        LiveOutcomeView(outcomes, .push).write(to: context.output)
    }
}
