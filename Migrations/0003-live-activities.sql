-- 0003: live activities (a stopwatch on an activity, a delivery, a build) and the
-- time spent on activities, recorded from the live activities that run on them.
-- Forward-only: once released, this file is never edited; later changes are new files.
-- The comments stand outside the statements: SQLite keeps a statement's text in
-- the schema and every process parses it, so it is kept short.

-- One row per id: its current run. Status, elapsed time and the time limit are
-- computed when read, from these instants; nothing is written while it runs.
-- activity_id: the activity it runs on, or NULL; not a foreign key, so that
--   removing the activity leaves the live activity and its time spent alone.
-- attributes, state: JSON objects, compact, at most 4096 bytes each.
-- started_at … dismiss_at: seconds since the epoch. updated_at is the time of the
--   last event applied (pushes not newer are skipped); ended_at is NULL until it
--   is ended (the time limit is computed); dismiss_at is set when it is ended.
-- max_duration: seconds; 0 is no limit.
-- session_id: its row in time_spent, when it runs on an activity.
CREATE TABLE live_activity (
    id TEXT NOT NULL PRIMARY KEY, type TEXT NOT NULL, activity_id TEXT,
    attributes TEXT NOT NULL, state TEXT NOT NULL,
    started_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    ended_at INTEGER, stale_at INTEGER, dismiss_at INTEGER,
    max_duration INTEGER NOT NULL CHECK (max_duration >= 0), relevance REAL NOT NULL, session_id INTEGER
) STRICT, WITHOUT ROWID;

-- Pruning finds the runs dismissed long ago without reading the others, by the
-- moment of dismissal (set when ended; else 4 hours after the time limit).
CREATE INDEX live_activity_by_dismissal ON live_activity
    (coalesce(dismiss_at, CASE WHEN max_duration > 0 THEN started_at + max_duration + 14400 END));

-- A run of a live activity on an activity: written when it starts, closed when
-- it ends. One never ended counts up to its limit, or up to now.
-- activity_name: the activity's name when the session was recorded, kept after
--   the activity is removed.
-- ended_at: NULL while it runs. ends_by: start + the time limit; NULL: no limit.
CREATE TABLE time_spent (
    id INTEGER PRIMARY KEY, activity_id TEXT NOT NULL, activity_name TEXT NOT NULL,
    live_id TEXT NOT NULL, started_at INTEGER NOT NULL, ended_at INTEGER, ends_by INTEGER
) STRICT;

-- A window of time finds the sessions that end (or must end) after its start,
-- and the few that run without a limit.
CREATE INDEX time_spent_by_end ON time_spent (coalesce(ended_at, ends_by));
CREATE INDEX time_spent_unbounded ON time_spent (started_at) WHERE ended_at IS NULL AND ends_by IS NULL;
