extension LiveActivity {
    /// The query every reader of live activities starts from: a row per run, with
    /// the name readers show (the activity's, else a `name` or `title` attribute
    /// that is text, else the id). Readers add their WHERE and ORDER BY. A
    /// database whose schema `version` is older than push tokens reads none.
    static func selectSQL(_ dialect: SQLDialect, version: Int) -> String {
        let token = Schema.has(.pushTokens, version: version) ? "l.push_token" : "NULL"
        let order = Schema.has(.pushOrder, version: version)
            ? "l.sent_at, l.alert, l.alert_at, l.channel" : "NULL, NULL, NULL, NULL"
        return """
        SELECT l.id, l.type, l.activity_id,
            coalesce(a.name, \(dialect.jsonTextMember("l.attributes", "name")),
                \(dialect.jsonTextMember("l.attributes", "title")), l.id),
            l.attributes, l.state, l.started_at, l.updated_at, l.ended_at, l.stale_at, l.dismiss_at,
            l.max_duration, l.relevance, \(token), \(order)
        FROM live_activity AS l LEFT JOIN activity AS a ON a.id = l.activity_id
        """
    }

    /// Most relevant first: relevance descending, then start, then id (of `live_activity AS l`).
    static let orderSQL = "ORDER BY l.relevance DESC, l.started_at, l.id"

    /// The current row of a `selectSQL` query. A push token that traqt could not
    /// have made, or an alert that is not a JSON object, is refused: another
    /// program wrote it.
    init(row statement: any DatabaseStatement, location: String) throws(StoreError) {
        let invalid = { (detail: String) in
            StoreError.invalidRow(path: location, table: "live_activity", key: statement.string(at: 0), detail: detail)
        }
        let token = statement.isNull(at: 13) ? nil : statement.string(at: 13)
        if let token, !PushToken.isWellFormed(token.utf8) { throw invalid("push_token is not 64 lowercase hex digits") }
        let alert = statement.isNull(at: 15) ? nil : statement.string(at: 15)
        if let alert, LiveAlert(stored: alert) == nil { throw invalid("alert is not a JSON object") }
        self.init(
            id: statement.string(at: 0), type: statement.string(at: 1),
            activityId: statement.isNull(at: 2) ? nil : statement.string(at: 2),
            name: statement.string(at: 3), attributes: statement.string(at: 4), state: statement.string(at: 5),
            startedAt: Instant(seconds: statement.int(at: 6)), updatedAt: Instant(seconds: statement.int(at: 7)),
            endedAt: statement.optionalInstant(at: 8), staleAt: statement.optionalInstant(at: 9),
            dismissAt: statement.optionalInstant(at: 10), maxDuration: statement.int(at: 11),
            relevance: statement.double(at: 12), pushToken: token)
        sentAt = statement.isNull(at: 14) ? nil : PushTimestamp(milliseconds: statement.int(at: 14))
        self.alert = alert
        alertAt = statement.optionalInstant(at: 16)
        channel = statement.isNull(at: 17) ? nil : statement.string(at: 17)
    }
}
