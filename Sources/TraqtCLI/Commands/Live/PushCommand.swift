import ArgumentParsing
import TraqtCore

enum PushCommand: Command {
    static let spec = CommandSpec(
        "push",
        abstract: "Apply live-activity push requests from a file or standard input.",
        discussion: """
            Reads the shapes push senders use: a raw APNs body {"aps": {"event": …, …}} \
            addressed by --token (a live activity's push token, or a type's push-to-start \
            token: 'traqt live token'), --channel (a broadcast channel: 'traqt live channel') \
            or --id; an APNs body with "live_activity_id" beside "aps"; a vendor's notification \
            {"live_activity_id": ID, "live_activity": {…}} or envelope \
            {"request": {"auth": …, "notifications": [N, …]}}; Pushwoosh, OneSignal, Braze and \
            Firebase bodies (--vendor, --endpoint, --id and --type give what their URL \
            carries); or a JSON array of these. Dates are seconds since the epoch, kept to the \
            millisecond. The timestamp orders pushes and never says when things happen: \
            each event happens when applied. A push older than the last one applied to its \
            live activity is skipped, as is the same request again, anything sent after the \
            end, and a start to a running one that is not newer; skipped is not an error. A \
            document is checked whole first: anything malformed refuses all of it (65, naming \
            the 0-based notification and its field). Then each notification is applied, \
            skipped or refused on its own, with the reason APNs would give (BadDeviceToken, \
            Unregistered, PayloadTooLarge over 4096 bytes) or traqt's own (TimestampInFuture, \
            BadDate, AlreadyRunning, BadStart, BadChannelId); any refusal exits 65, printing \
            nothing to standard output and naming every notification on standard error. \
            --json prints an object per notification whatever the outcomes (index, id, token, \
            event, outcome, reason, status, timestamp, apnsId, message). Documents over 64 MiB \
            are refused. When TRAQT_PUSH_TOKEN is set (not empty), only envelopes whose auth \
            equals it are applied, or any document when TRAQT_PUSH_AUTHORIZATION is \
            'bearer TOKEN' with that token (in the environment, never an argument); anything \
            else exits 77. --follow reads JSON Lines until the input ends, each line its own \
            document; a refused line is reported and the rest go on, and the exit status is \
            then 65 (77 if a line was not authorized). See docs/push.md.
            """,
        arguments: [ArgumentSpec("file", optional: true, completion: .files, help: "The file to read, or '-' for standard input (the default).")],
        options: [
            follow, token, id, channel, vendor, endpoint, type, json, apnsID,
            CommonOptions.now,
        ],
        examples: [
            "ssh host traqt push - < update.json",
            "mosquitto_sub -t traqt/live | traqt push --follow",
            "traqt push --token \"$(traqt live token walk-dog)\" update.aps.json",
            "traqt push --json --channel \"$CHANNEL\" score.aps.json",
            "traqt push --vendor onesignal --id order-1 update.json",
        ])

    static let follow = OptionSpec("follow", short: "f", help: "Read JSON Lines as they arrive, one document per line.")
    static let token = OptionSpec("token", .value(name: "token"),
                                  help: "Apply raw APNs payloads to the live activity (or push-to-start type) of this push token.")
    static let id = OptionSpec("id", .value(name: "id"), help: "Apply raw APNs payloads to the live activity with this id (with --vendor, the id of its URL).")
    static let channel = OptionSpec("channel", .value(name: "channel"),
                                    help: "Apply a raw APNs update or end to every live activity subscribed to this broadcast channel.")
    static let vendor = OptionSpec("vendor", .value(name: "vendor"), completion: .words(PushVendor.allCases.map(\.rawValue)),
                                   help: "Read bodies as this push vendor's: pushwoosh, onesignal, braze or firebase.")
    static let endpoint = OptionSpec("endpoint", .value(name: "endpoint"),
                                     help: "The vendor endpoint the body was sent to (Pushwoosh: startLiveActivity, updateLiveActivity).")
    static let type = OptionSpec("type", .value(name: "type"),
                                 help: "OneSignal push-to-start: the activity type of the request path.")
    static let json = OptionSpec("json", help: "Print a JSON object per notification, as APNs would answer it.")
    static let apnsID = OptionSpec("apns-id", .value(name: "uuid"),
                                   help: "The apns-id of a single notification, echoed as apnsId (default: a new UUID).")

    static func run(_ context: Context) throws {
        let path = context.arguments.positionals.first ?? "-"
        let source = path == "-" ? "standard input" : path
        try context.refuseTogether(Self.token, Self.id)
        try context.refuseTogether(Self.token, Self.channel)
        try context.refuseTogether(Self.id, Self.channel)
        let vendor = try vendorRequest(context)
        let address: LiveAddress? = if let token = context.arguments.value(Self.token) {
            .pushToken(token)
        } else if let channel = context.arguments.value(Self.channel) {
            .channel(channel)
        } else if vendor.vendor == nil {
            try LiveOptions.id(Self.id, context).map(LiveAddress.id)
        } else {
            nil
        }
        let answer = Answer(json: context.arguments.flag(Self.json), apnsID: try apnsID(context))
        let token = try authorization(context)
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
            let (refused, total) = try apply(&bytes, source: source, token: token, address: address, vendor: vendor, answer,
                                             context, store: open)
            if refused > 0 { throw PushCommandError.notificationsRefused(refused, of: total) }
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
                let (refusedNotifications, _) = try apply(&bytes, source: lineSource, token: token, address: address,
                                                          vendor: vendor, answer, context, store: open)
                try context.output.flush()
                if refusedNotifications > 0 { refused += 1 }
            } catch let error as PushCommandError {
                // A bad line is reported and the stream goes on; store failures end it.
                context.printError(error.userMessage)
                refused += 1
                if error.reason == .unauthorized { unauthorized = true }
            }
        }
        if refused > 0 { throw PushCommandError.linesRefused(refused, of: documents, unauthorized: unauthorized) }
    }

    /// How outcomes are answered: as text or JSON, with the sender's apns-id.
    struct Answer {
        var json: Bool
        var apnsID: String?
    }

    /// Applies one document and prints what became of each notification; returns
    /// how many were refused (each then named on standard error, and, in text,
    /// nothing printed to standard output) of how many outcomes. The text is let go once read:
    /// while the store works, only the notifications are held.
    private static func apply(_ bytes: inout ArraySlice<UInt8>, source: String, token: String?, address: LiveAddress?,
                              vendor: VendorRequest, _ answer: Answer, _ context: Context,
                              store: () throws -> ActivityStore) throws -> (refused: Int, of: Int) {
        let outcomes: [PushOutcome]
        do {
            let notifications = try PushDocument.notifications(in: bytes, token: token, addressedTo: address, vendor: vendor)
            bytes = []
            if notifications.isEmpty { return (0, 0) }
            if answer.apnsID != nil, notifications.count > 1 {
                throw UsageError("--apns-id names one notification; \(source) has \(notifications.count)", command: context.command)
            }
            outcomes = try store().applyPush(notifications, now: try context.now())
        } catch let error as JSONSyntaxError {
            throw PushCommandError.invalidJSON(error, source: source)
        } catch let error as PushError {
            throw PushCommandError.refused(error, source: source)
        }
        // Only JSON shows them: text makes none (each is a read of the random source).
        let apnsIDs = answer.json ? try outcomes.map { _ in try answer.apnsID ?? RandomBytes.uuid() } : []
        let view = PushOutcomeView(outcomes: outcomes, apnsIDs: apnsIDs, json: answer.json)
        try view.write(to: context.output)
        let refusals = view.refusals
        guard refusals > 0 else { return (0, outcomes.count) }
        // The answer stands whatever the status: printed before the error is reported.
        try context.output.flush()
        if outcomes.count == 1, case let .refused(refusal) = outcomes[0].result {
            throw PushCommandError.notificationRefused(refusal.message, source: source)
        }
        for line in view.refusalReport { context.printError("\(source): \(line)") }
        return (refusals, outcomes.count)
    }

    /// What the request says of a vendor's body: `--vendor`, `--endpoint`, and
    /// the values of its path (`--id`, `--type`), which need `--vendor`.
    private static func vendorRequest(_ context: Context) throws -> VendorRequest {
        let name = context.arguments.value(Self.vendor)
        guard let name else {
            for option in [Self.endpoint, Self.type] where context.arguments.flag(option) {
                throw UsageError("'--\(option.name)' is read with --vendor", command: context.command)
            }
            return VendorRequest()
        }
        guard let vendor = PushVendor(rawValue: name) else {
            throw UsageError("unknown vendor '\(name)'; expected one of: " + PushVendor.allCases.map(\.rawValue).joined(separator: ", "),
                             command: context.command)
        }
        for option in [Self.token, Self.channel] where context.arguments.flag(option) {
            throw UsageError("'--\(option.name)' takes a raw APNs payload, not a vendor body: leave out --vendor",
                             command: context.command)
        }
        return VendorRequest(vendor: vendor, endpoint: context.arguments.value(Self.endpoint),
                             id: try LiveOptions.id(Self.id, context), type: try LiveOptions.type(Self.type, context))
    }

    /// `--apns-id`: a UUID, as APNs takes it (`BadMessageId` otherwise), kept as given.
    private static func apnsID(_ context: Context) throws -> String? {
        guard let text = context.arguments.value(Self.apnsID) else { return nil }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        let isHexDigit = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        guard groups.map(\.utf8.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.utf8.allSatisfy(isHexDigit) }) else {
            throw UsageError("invalid --apns-id '\(text)': expected a UUID such as 123e4567-e89b-12d3-a456-4266554400a0 (BadMessageId)",
                             command: context.command)
        }
        return text
    }

    /// The token every envelope's `auth` must equal (`TRAQT_PUSH_TOKEN`), or nil
    /// when nothing more is checked: none is set, or the sender passed it as a
    /// bearer credential (`TRAQT_PUSH_AUTHORIZATION`, as an HTTP relay adds it),
    /// which authorizes any shape. A wrong credential is refused (77) at once.
    private static func authorization(_ context: Context) throws -> String? {
        guard let token = context.environment["TRAQT_PUSH_TOKEN"], !token.isEmpty else { return nil }
        guard let credential = context.environment["TRAQT_PUSH_AUTHORIZATION"], !credential.isEmpty else { return token }
        // The scheme is case-insensitive (RFC 9110); the token is compared in constant time.
        let scheme = credential.utf8.prefix(7)
        guard scheme.count == 7, String(decoding: scheme, as: UTF8.self).lowercased() == "bearer ",
              PushAuthorization.matches(String(decoding: credential.utf8.dropFirst(7), as: UTF8.self), token) else {
            throw PushCommandError.refused(.unauthorized, source: "TRAQT_PUSH_AUTHORIZATION")
        }
        return nil
    }
}
