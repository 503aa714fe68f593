extension DatabaseLocation {
    /// What a reader of this database waits on for commits: the file's folder,
    /// or a connection that listens for the notification every write sends.
    /// Opening the latter may fail as a reader's connection would.
    public func changeSource(busyTimeoutMilliseconds: Int32) throws -> any ChangeSource {
        switch self {
        case .sqlite(let path):
            return FolderWatch(databasePath: path)
        case .postgres(let uri):
            return try ActivityStore.postgresChangeSource(uri, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }
}
