#if Postgres
import CPostgres

/// One connection to a PostgreSQL server through libpq. Not shared between
/// threads; a process opens one per command.
public final class PostgresConnection: DatabaseConnection {
    let handle: OpaquePointer
    /// Rows changed by the last statement run (from its command tag).
    public internal(set) var changes = 0
    /// The URI as given, without a password, for messages.
    public let location: String

    /// Connects with a libpq URI (`postgresql://user@host:port/db?sslmode=…`;
    /// passwords from `~/.pgpass` or `PGPASSFILE`, as libpq reads them). Every
    /// lock wait of this connection gives up after `lockTimeoutMilliseconds`.
    public init(_ uri: DatabaseLocation.PostgresURI, lockTimeoutMilliseconds: Int32) throws(PostgresError) {
        location = uri.shown
        guard let connection = PQconnectdb(uri.connecting) else {
            throw PostgresError(kind: .unreachable, sqlState: "", message: "out of memory", sql: nil)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            let kind: PostgresError.Kind = PQconnectionNeedsPassword(connection) != 0 || Self.isLoginRefusal(message)
                ? .loginRefused : .unreachable
            PQfinish(connection)
            throw PostgresError(kind: kind, sqlState: "", message: message, sql: nil)
        }
        handle = connection
        // The server's notices (e.g. "schema already exists") are not traqt's output.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        // lock_timeout 0 would mean "wait for ever"; traqt's 0 means "do not wait".
        try execute("""
            SET lock_timeout = \(max(1, lockTimeoutMilliseconds)); SET statement_timeout = 0;
            SET client_encoding = 'UTF8'; SET search_path = traqt
            """)
    }

    deinit { PQfinish(handle) }

    /// The login failures libpq reports only as text (the server sends no
    /// SQLSTATE before the connection is made).
    private static func isLoginRefusal(_ message: String) -> Bool {
        ["password authentication failed", "no password supplied", "pg_hba.conf rejects",
         "role \"", "peer authentication failed", "Ident authentication failed", "certificate authentication failed"]
            .contains { message.containsBytes($0) } && !message.containsBytes("database \"")
    }

    /// libpq's message on one line: it breaks hints onto indented lines.
    static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        let words = String(cString: message).split(whereSeparator: { $0 == "\n" || $0 == "\t" || $0 == " " })
        return words.joined(separator: " ")
    }

    /// Runs one or more statements without parameters that return no rows that matter.
    public func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
        changes = Self.changes(of: result)
    }

    public func prepare(_ sql: String) throws(PostgresError) -> any DatabaseStatement {
        PostgresStatement(connection: self, sql: Self.numberedParameters(sql))
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    public func integer(_ sql: String) throws(PostgresError) -> Int {
        let statement = PostgresStatement(connection: self, sql: sql)
        return try statement.step() ? statement.int(at: 0) : 0
    }

    public var dialect: SQLDialect { Self.dialect }

    static let dialect = SQLDialect(
        // Any error aborts the whole transaction in PostgreSQL.
        insertOrRollback: "INSERT INTO",
        byteLength: { "octet_length(\($0))" },
        jsonTextMember: { column, key in
            "CASE WHEN jsonb_typeof(\(column)::jsonb -> '\(key)') = 'string' THEN \(column)::jsonb ->> '\(key)' END"
        })

    private var listening = false
    private var notifications = 0

    /// Every write notifies `changeChannel` as it commits: the first call
    /// starts listening, and each call counts what arrived since (read
    /// without waiting).
    public func changeCounter() throws(PostgresError) -> Int {
        if !listening {
            try execute("LISTEN \(Self.changeChannel)")
            listening = true
        }
        notifications += try receiveNotifications().count
        return notifications
    }

    /// The server manages its own memory.
    public func useCache(kibibytes: Int) {}

    // MARK: - Transactions

    /// The advisory lock every traqt write takes first: writes run one at a
    /// time across every host, as SQLite's BEGIN IMMEDIATE makes them on one
    /// machine, so a write's reads (is this occurrence claimed? does this live
    /// activity run?) cannot change before it writes. Its wait is bounded by
    /// lock_timeout (TRAQT_BUSY_TIMEOUT): still held after it, 55P03, exit 75.
    static let writeLockKey = 0x7472_7174

    /// Every write tells the readers that wait for changes (`traqt watch`,
    /// through LISTEN) that it committed.
    public static let changeChannel = "traqt"

    /// The schema's state as read in the current transaction (see `schemaState`).
    var knownState: SchemaState?

    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        knownState = nil
        defer { knownState = nil }
        return try transaction(begin: "BEGIN; SELECT pg_advisory_xact_lock(\(Self.writeLockKey))") {
            let result = try body()
            try execute("NOTIFY \(Self.changeChannel)")
            return result
        }
    }

    /// One snapshot for every query of `body`, without blocking any writer.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        knownState = nil
        defer { knownState = nil }
        return try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", body)
    }

    /// A lost connection needs none: the server rolls back on its own.
    public func rollbackIfOpen() {
        if PQstatus(handle) == CONNECTION_OK && isInTransaction { PQclear(PQexec(handle, "ROLLBACK")) }
    }

    private var cursorCount = 0

    /// A cursor name no other statement of this connection uses.
    func nextCursorName() -> String {
        cursorCount += 1
        return "traqt_cursor_\(cursorCount)"
    }

    /// Whether commands can still be sent: connected, and not in a transaction
    /// that an error aborted (where everything but ROLLBACK fails).
    var isUsable: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_INTRANS
    }

    public var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// The socket libpq reads from, for `poll` while waiting for notifications.
    public var socket: Int32 { PQsocket(handle) }

    /// Reads what the server sent without blocking and returns the channels
    /// of the notifications that arrived (`LISTEN`/`NOTIFY`).
    public func receiveNotifications() throws(PostgresError) -> [String] {
        guard PQconsumeInput(handle) == 1 else { throw connectionError(sql: nil) }
        var channels: [String] = []
        while let notification = PQnotifies(handle) {
            channels.append(String(cString: notification.pointee.relname))
            PQfreemem(notification)
        }
        return channels
    }

    /// Throws for a result that is not a success, with the server's SQLSTATE.
    func check(_ result: OpaquePointer?, sql: String?) throws(PostgresError) {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE, PGRES_EMPTY_QUERY:
            return
        default:
            if PQstatus(handle) != CONNECTION_OK { throw connectionError(sql: sql) }
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? Self.trimmed(PQerrorMessage(handle))
            throw PostgresError(kind: .server, sqlState: state, message: message, sql: sql)
        }
    }

    func connectionError(sql: String?) -> PostgresError {
        PostgresError(kind: .connectionLost, sqlState: "", message: Self.trimmed(PQerrorMessage(handle)), sql: sql)
    }

    static func changes(of result: OpaquePointer?) -> Int {
        guard let tuples = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: tuples)) ?? 0
    }

    /// The store writes SQL once, with SQLite's `?1` parameters; PostgreSQL
    /// numbers them `$1`. Text in quotes and comments is left as it is.
    static func numberedParameters(_ sql: String) -> String {
        var result: [UInt8] = []
        let bytes = Array(sql.utf8)
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { result.append(bytes[index]); index += 1 }
                continue
            } else if byte == UInt8(ascii: "?"), index + 1 < bytes.count, (48...57).contains(bytes[index + 1]) {
                result.append(UInt8(ascii: "$"))
                index += 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
#endif
