-- 0007: what push needs beyond tokens: Apple's ordering, alerts, and broadcast
-- channels (iOS 18).
-- Forward-only: once released, this file is never edited; later changes are new files.
-- The comments stand outside the statements: SQLite keeps a statement's text in
-- the schema and every process parses it, so it is kept short.

-- sent_at: the sender's timestamp of the last push applied to the run, in
--   milliseconds since the epoch; pushes order by it alone (local commands
--   carry none). NULL until a push with a timestamp is applied.
-- last_push: that push's payload as compact JSON, so that the same request
--   sent again (equal timestamp, same content) is recognized and skipped.
-- alert: the alert of the run's last event as compact JSON (NULL: none), and
--   alert_at when that event was applied (seconds since the epoch).
-- channel: the broadcast channel the run subscribed to at its start.
ALTER TABLE live_activity ADD COLUMN sent_at INTEGER;
ALTER TABLE live_activity ADD COLUMN last_push TEXT;
ALTER TABLE live_activity ADD COLUMN alert TEXT;
ALTER TABLE live_activity ADD COLUMN alert_at INTEGER;
ALTER TABLE live_activity ADD COLUMN channel TEXT;
CREATE INDEX live_activity_by_channel ON live_activity (channel) WHERE channel IS NOT NULL;

-- Broadcast channels: id is base64 of 16 random bytes; name is the one given
-- at creation (NULL: none); created_at in seconds since the epoch.
CREATE TABLE push_channel (
    id TEXT NOT NULL PRIMARY KEY, name TEXT, created_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
