/// A trigger (or, on PostgreSQL, a rule) on one of traqt's tables.
public struct TableTrigger: Equatable, Sendable {
    /// "trigger" or "rule".
    public let kind: String
    public let name: String
    public let table: String

    public init(kind: String, name: String, table: String) {
        self.kind = kind
        self.name = name
        self.table = table
    }
}

extension Schema {
    /// traqt's tables on every engine (PostgreSQL adds `meta`). Its migrations
    /// create no trigger on them: any trigger there is another program's.
    static let tables = ["activity", "reminder_state", "occurrence", "live_activity", "time_spent", "day_mark", "push_to_start_token", "push_channel", "api_token"]

    /// `tables` as an SQL list, written out (a test holds it to `tables`): built
    /// with `map` and `joined` on every write it cost a tenth of a one-row
    /// push's instructions, mostly the runtime's type lookups.
    static let tablesSQL = "'activity', 'reminder_state', 'occurrence', 'live_activity', 'time_spent', 'day_mark', 'push_to_start_token', 'push_channel', 'api_token'"

    /// Throws for a trigger on one of traqt's tables. A trigger runs inside
    /// traqt's own statements with their rights: one that puts a fired
    /// reminder back to `claimed` makes `due --exec` run its command again on
    /// every run, whatever traqt checks. Runs first in a write transaction,
    /// whose lock keeps anyone from adding one before the write ends; readers
    /// need not ask, since a trigger never fires on a read.
    static func refuseForeignTriggers(in connection: any DatabaseConnection) throws {
        // A database without traqt's schema has none of its tables yet.
        guard try connection.schemaState() != .empty,
              let trigger = try connection.triggersOnTraqtTables().first else { return }
        throw StoreError.foreignTrigger(path: connection.location, trigger: trigger)
    }
}
