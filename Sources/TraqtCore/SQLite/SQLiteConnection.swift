import CSQLite

/// One connection to one SQLite file. Not shared between threads; a process
/// opens one per command.
public final class SQLiteConnection: DatabaseConnection {
    public enum OpenMode: Sendable {
        /// Never writes and never creates the file.
        case readOnly
        /// Writes an existing file; fails if it is missing.
        case readWrite
        /// Writes, creating the file if it is missing.
        case readWriteCreate
    }

    let handle: OpaquePointer
    public let path: String
    private let busyWait: BusyWait

    /// Opens `file` (by default `path`; messages name `path`) and sets how
    /// long to wait for other processes' locks (see `BusyWait`) before anything
    /// else can touch the file. The name is never read as a `file:` URI, and a
    /// database file that is a symbolic link is refused (traqt resolves links
    /// itself, then checks what it found: `SQLiteFileGuard`).
    public init(path: String, file: String? = nil, mode: OpenMode, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(Self.plainFilename(file ?? path), &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            // sqlite3_open_v2 hands back a handle even when it fails; it must be closed.
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        busyWait = BusyWait(timeoutMilliseconds: busyTimeoutMilliseconds)
        busyWait.install(on: connection)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `path` as SQLite takes it for a plain file name even where it was built
    /// to read URIs (Debian's is): only a name that starts with `file:` is one.
    static func plainFilename(_ path: String) -> String {
        path.startsWithBytes("file:") ? "./" + path : path
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: sql) }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> any DatabaseStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    public var location: String { path }

    public var dialect: SQLDialect { Self.dialect }

    static let dialect = SQLDialect(
        insertOrRollback: "INSERT OR ROLLBACK INTO",
        byteLength: { "length(CAST(\($0) AS BLOB))" },
        jsonTextMember: { column, key in
            "CASE WHEN json_type(\(column), '$.\(key)') = 'text' THEN json_extract(\(column), '$.\(key)') END"
        })

    /// `PRAGMA data_version`: it changes when another connection commits to the file.
    public func changeCounter() throws(SQLiteError) -> Int {
        try integer("PRAGMA data_version")
    }

    /// SQLite's default page cache is 2 MB.
    public func useCache(kibibytes: Int) throws(SQLiteError) {
        try execute("PRAGMA cache_size = -\(kibibytes)")
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    public func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try SQLiteStatement(connection: self, sql: sql)
        return try statement.step() ? statement.int(at: 0) : 0
    }

    /// Stops this connection from checkpointing a WAL file after its commits
    /// (a C call: unlike the pragma, it reads nothing from the file).
    public func disableAutomaticCheckpoints() {
        sqlite3_wal_autocheckpoint(handle, 0)
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken (or
    /// waited for) up front, so the transaction can never fail half-way with a
    /// BUSY that the busy handler refuses to wait on. A thrown error rolls back.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        busyWait.restart()
        return try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction so that several queries see one snapshot.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        busyWait.restart()
        return try transaction(begin: "BEGIN DEFERRED", body)
    }

    public func rollbackIfOpen() {
        // Harmless when SQLite has already rolled back on its own.
        if isInTransaction {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        }
    }
}
