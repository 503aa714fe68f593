-- 0004: `due --exec` records each reminder's command in two more states, so that
-- a `due` killed (or failing) before it starts a command leaves that reminder
-- to the next run, and one killed while a command runs never starts it again.
-- Forward-only: once released, this file is never edited; later changes are new files.
-- SQLite cannot change a CHECK in place: the table is rebuilt with the new set.

-- status: fired, failed or missed (as before); claimed: taken by a `due --exec`
--   run, its command not started yet (the next run that finds it runs it);
--   started: its command was started and no outcome recorded yet.
-- fired_at: when it fired or its command was started; NULL when missed or claimed.
CREATE TABLE occurrence_0004 (
    activity_id TEXT NOT NULL, local_date TEXT NOT NULL, scheduled_at INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('fired', 'failed', 'missed', 'claimed', 'started')),
    fired_at INTEGER, exit_status INTEGER,
    PRIMARY KEY (activity_id, local_date)
) STRICT, WITHOUT ROWID;
INSERT INTO occurrence_0004 SELECT activity_id, local_date, scheduled_at, status, fired_at, exit_status FROM occurrence;
DROP TABLE occurrence;
ALTER TABLE occurrence_0004 RENAME TO occurrence;

-- Serves pruning and the summary's day lookups (as in 0002).
CREATE INDEX occurrence_by_time ON occurrence (scheduled_at);
-- Every `due` run looks for claims left by runs before it: through this, at the
-- cost of the few it holds, whatever the table's size.
CREATE INDEX occurrence_claimed ON occurrence (scheduled_at) WHERE status = 'claimed';
