/// The seam between the store and a database engine (SQLite, PostgreSQL). The
/// store's logic and SQL are written once against these two protocols; each
/// engine's folder implements them and is the only code that imports its C
/// library. SQL uses SQLite's numbered parameters (`?1`); an engine that numbers
/// them otherwise rewrites them when it prepares. Where the engines' SQL
/// differs, `SQLDialect` says how.
public protocol DatabaseConnection: AnyObject {
    /// What the user named: a file's path or a connection URI without its
    /// password, for messages.
    var location: String { get }
    var dialect: SQLDialect { get }

    /// Runs one or more statements without parameters that return no rows.
    func execute(_ sql: String) throws
    func prepare(_ sql: String) throws -> any DatabaseStatement
    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { get }
    var isInTransaction: Bool { get }

    /// One snapshot for every query of `body`; never blocks a writer for longer
    /// than the engine must.
    func readTransaction<T>(_ body: () throws -> T) throws -> T
    /// One write at a time across every process and host that shares the
    /// database: the lock is taken (or waited for) before `body`, so that what
    /// `body` reads cannot change before it writes. A thrown error rolls back.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T

    /// The file's or schema's identity and version; throws `StoreError` for
    /// one that is not traqt's or is newer than this binary.
    func schemaState() throws -> SchemaState
    /// Brings the schema up to date; only inside `writeTransaction`.
    func migrate() throws
    /// The triggers (and rules) on traqt's tables (`Schema.tables`), by name.
    func triggersOnTraqtTables() throws -> [TableTrigger]

    /// A number that changes when another connection commits, and only then:
    /// what a watcher asks before reading anything (SQLite's `data_version`;
    /// on a server, the notifications every write sends).
    func changeCounter() throws -> Int

    /// Undoes the open transaction after a failure; nothing when there is
    /// none (the engine may have rolled back on its own, or the connection is gone).
    func rollbackIfOpen()

    /// A larger page cache for a statement that reads or writes much (SQLite);
    /// engines that manage their own memory ignore it.
    func useCache(kibibytes: Int) throws
}

extension DatabaseConnection {
    /// Runs `body` inside a transaction `begin` opened, and commits it; a
    /// thrown error (of `body`, or of the commit) rolls back and is rethrown.
    func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollbackIfOpen()
            throw error
        }
    }
}

/// A prepared statement: parameters bound from 1, columns read from 0, as in
/// SQLite. Released, it frees what it holds (never a leaked lock).
public protocol DatabaseStatement: AnyObject {
    func bind(_ value: Int, at index: Int32) throws
    func bind(_ value: String, at index: Int32) throws
    func bind(_ value: Double, at index: Int32) throws
    func bindNull(at index: Int32) throws
    /// Readies the statement to run again with new bindings.
    func reset()
    /// Advances one row; `false` when the statement is done.
    @discardableResult func step() throws -> Bool
    /// Runs a statement that returns no rows that matter.
    func run() throws
    var parameterCount: Int { get }

    func isNull(at column: Int32) -> Bool
    func int(at column: Int32) -> Int
    func double(at column: Int32) -> Double
    func string(at column: Int32) -> String
    /// The raw UTF-8 bytes of a text column, valid until the next step: a
    /// streaming writer copies them straight to its buffer.
    func withUTF8<R>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

/// What a database holds, as far as traqt is concerned.
public enum SchemaState: Equatable, Sendable {
    /// A new or empty file, or no `traqt` schema: nothing in it yet.
    case empty
    case traqt(version: Int)
}

/// The few places where the engines' SQL differs.
public struct SQLDialect: Sendable {
    /// `INSERT` that rolls the whole transaction back on a conflict (SQLite's
    /// `INSERT OR ROLLBACK`; PostgreSQL aborts the transaction on any error).
    public let insertOrRollback: String
    /// The length in bytes of a text expression.
    public let byteLength: @Sendable (String) -> String
    /// The member `key` of a JSON object in a text column, when it is text; else NULL.
    public let jsonTextMember: @Sendable (_ column: String, _ key: String) -> String

    public init(insertOrRollback: String, byteLength: @escaping @Sendable (String) -> String,
                jsonTextMember: @escaping @Sendable (String, String) -> String) {
        self.insertOrRollback = insertOrRollback
        self.byteLength = byteLength
        self.jsonTextMember = jsonTextMember
    }
}

/// An engine's own error, sorted into what the user can do about it.
public protocol DatabaseEngineError: Error {
    func storeError(location: String) -> StoreError
}
