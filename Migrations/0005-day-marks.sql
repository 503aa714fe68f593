-- 0005: days marked by hand: an activity done on a date, or skipped (a day off;
-- for every activity at once, a holiday). Such an occurrence is not pending,
-- `due` neither fires it nor records it missed, and `summary` shows it as done
-- or skipped. It does not depend on 0004.
-- Forward-only: once released, this file is never edited; later changes are new files.
-- The comments stand outside the statements: SQLite keeps a statement's text in
-- the schema and every process parses it, so it is kept short.

-- activity_id: the activity; '' marks the date for every activity (`skip --all`):
--   no activity has an empty id. Not a foreign key, as with the reminder records:
--   a rename moves the marks, a removal leaves them.
-- local_date: YYYY-MM-DD in the zone of who marked it, as occurrences are keyed.
-- kind: done or skipped. marked_at: seconds since the epoch.
CREATE TABLE day_mark (
    activity_id TEXT NOT NULL, local_date TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('done', 'skipped')), marked_at INTEGER NOT NULL,
    PRIMARY KEY (activity_id, local_date)
) STRICT, WITHOUT ROWID;

-- Whether a date has marks at all, in one probe: readers pay nothing per
-- activity on the days that have none.
CREATE INDEX day_mark_by_date ON day_mark (local_date);
