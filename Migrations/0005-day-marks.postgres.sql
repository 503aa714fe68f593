-- 0005 for PostgreSQL: days marked by hand (done, or skipped; '' as the activity:
-- every activity, a holiday). The same version and meaning as 0005-day-marks.sql.

CREATE TABLE day_mark (
    activity_id text   COLLATE "C" NOT NULL,
    local_date  text   COLLATE "C" NOT NULL,
    kind        text   COLLATE "C" NOT NULL CHECK (kind IN ('done', 'skipped')),
    marked_at   bigint NOT NULL,
    PRIMARY KEY (activity_id, local_date)
);

CREATE INDEX day_mark_by_date ON day_mark (local_date);
