-- 0001: the shared store of daily activities.
-- Forward-only: once released, this file is never edited; later changes are new files.

CREATE TABLE activity (
    id           TEXT    NOT NULL PRIMARY KEY,
    name         TEXT    NOT NULL CHECK (name <> ''),
    -- bit 0 = Sunday ... bit 6 = Saturday
    days_of_week INTEGER NOT NULL CHECK (days_of_week BETWEEN 1 AND 127),
    -- minutes since midnight, local wall-clock time
    time_of_day  INTEGER NOT NULL CHECK (time_of_day BETWEEN 0 AND 1439),
    -- seconds since the Unix epoch
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Serves "list" in its order and "today" without touching the table: the
-- primary key (id) is part of every index entry of a WITHOUT ROWID table.
CREATE INDEX activity_by_time ON activity (time_of_day, name, days_of_week);
