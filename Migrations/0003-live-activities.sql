-- 0003: live activities (a stopwatch on an activity, a delivery, a build) and the
-- time spent on activities, recorded from the live activities that run on them.
-- Forward-only: once released, this file is never edited; later changes are new files.

-- One row per id: its current run. Status, elapsed time and the time limit are
-- computed when read, from these instants; nothing is written while it runs.
CREATE TABLE live_activity (
    id           TEXT    NOT NULL PRIMARY KEY,
    type         TEXT    NOT NULL,
    -- the activity it runs on, or NULL; not a foreign key: removing the
    -- activity leaves the live activity and its time spent alone
    activity_id  TEXT,
    attributes   TEXT    NOT NULL,  -- a JSON object, compact, at most 4096 bytes
    state        TEXT    NOT NULL,  -- a JSON object, compact, at most 4096 bytes
    -- seconds since the epoch
    started_at   INTEGER NOT NULL,
    -- the time of the last event applied; pushes not newer than it are skipped
    updated_at   INTEGER NOT NULL,
    ended_at     INTEGER,           -- NULL until ended (the time limit is computed)
    stale_at     INTEGER,
    dismiss_at   INTEGER,           -- set when ended
    max_duration INTEGER NOT NULL CHECK (max_duration >= 0),  -- seconds; 0: no limit
    relevance    REAL    NOT NULL,
    session_id   INTEGER            -- its row in time_spent, when it runs on an activity
) STRICT, WITHOUT ROWID;

-- A run of a live activity on an activity: written when it starts, closed when
-- it ends. A session never ended counts up to its limit, or up to now.
CREATE TABLE time_spent (
    id            INTEGER PRIMARY KEY,
    activity_id   TEXT    NOT NULL,
    -- the activity's name when the session was recorded: kept after the activity is removed
    activity_name TEXT    NOT NULL,
    live_id       TEXT    NOT NULL,
    started_at    INTEGER NOT NULL,
    ended_at      INTEGER,          -- NULL while it runs
    ends_by       INTEGER           -- start + the time limit; NULL: no limit
) STRICT;

-- A window of time finds the sessions that end (or must end) after its start,
-- and the few that run without a limit.
CREATE INDEX time_spent_by_end ON time_spent (coalesce(ended_at, ends_by));
CREATE INDEX time_spent_unbounded ON time_spent (started_at) WHERE ended_at IS NULL AND ends_by IS NULL;
