-- 0002: what `traqt due` has done, so that each occurrence fires at most once.
-- Forward-only: once released, this file is never edited; later changes are new files.

-- One row, written by the first `due` run on the database.
CREATE TABLE reminder_state (
    singleton       INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
    -- seconds since the epoch: the first run's now minus its grace. Occurrences
    -- before it are neither fired nor missed: nothing is known about them.
    known_since     INTEGER NOT NULL,
    -- the latest now any `due` run had: every occurrence up to it was decided.
    checked_through INTEGER NOT NULL,
    -- every record of an occurrence before this was pruned; such occurrences
    -- are never considered again, so pruning cannot make one fire twice.
    pruned_before   INTEGER NOT NULL
) STRICT;

-- An occurrence that `due` fired or found missed. The key is the activity and
-- its local date, so a date's occurrence is decided once, by one process.
CREATE TABLE occurrence (
    activity_id  TEXT    NOT NULL,
    local_date   TEXT    NOT NULL,  -- YYYY-MM-DD in the zone of the `due` run
    scheduled_at INTEGER NOT NULL,  -- seconds since the epoch
    status       TEXT    NOT NULL CHECK (status IN ('fired', 'failed', 'missed')),
    fired_at     INTEGER,           -- seconds since the epoch; NULL when missed
    -- the --exec command's exit status (128 + signal when killed); NULL unless failed
    exit_status  INTEGER,
    PRIMARY KEY (activity_id, local_date)
) STRICT, WITHOUT ROWID;

-- Serves pruning and the summary's day lookups.
CREATE INDEX occurrence_by_time ON occurrence (scheduled_at);
