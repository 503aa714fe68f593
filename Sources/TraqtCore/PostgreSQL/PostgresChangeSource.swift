#if Postgres
/// PostgreSQL's change source: a connection of its own that listens on the
/// channel every write notifies inside its transaction, so that a commit
/// arrives on its socket the moment it is made. A reader sleeps in `poll` on
/// that socket; nothing asks the server anything until it speaks.
final class PostgresChangeSource: ChangeSource {
    private let connection: PostgresConnection

    init(_ uri: DatabaseLocation.PostgresURI, busyTimeoutMilliseconds: Int32) throws {
        connection = try storeCall(uri.shown) {
            try PostgresConnection(uri, lockTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
        try storeCall(connection.location) { try connection.execute("LISTEN \(PostgresConnection.changeChannel)") }
    }

    var descriptor: Int32 { connection.socket }

    /// A notification is a commit; anything else the server sent (a parameter
    /// it changed, a notice) is not. A connection lost is the error a reader
    /// of the database would get.
    func drain() throws -> ChangeHint {
        try storeCall(connection.location) { try connection.receiveNotifications() }.isEmpty ? .nothing : .committed
    }

    /// Notifications are not lost while the connection lives; the looks only
    /// catch a write made without traqt.
    var lookInterval: Int { 1000 }

    func look() {}
}

extension ActivityStore {
    /// Listens for the commits to the database `uri` names.
    static func postgresChangeSource(_ uri: DatabaseLocation.PostgresURI, busyTimeoutMilliseconds: Int32) throws -> any ChangeSource {
        try PostgresChangeSource(uri, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }
}
#endif
