-- 0001: the shared store of daily activities.
-- Forward-only: once released, this file is never edited; later changes are new files.

CREATE TABLE activity (
    id           TEXT    NOT NULL UNIQUE,
    name         TEXT    NOT NULL CHECK (name <> ''),
    -- bit 0 = Sunday ... bit 6 = Saturday
    days_of_week INTEGER NOT NULL CHECK (days_of_week BETWEEN 1 AND 127),
    -- minutes since midnight, local wall-clock time
    time_of_day  INTEGER NOT NULL CHECK (time_of_day BETWEEN 0 AND 1439),
    -- seconds since the Unix epoch
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    -- The rows are stored in the order readers want them: "list" walks the
    -- table front to back and "today" reads one range of it, with no sort and
    -- no second lookup per row. Writers find a row by id through the UNIQUE index.
    PRIMARY KEY (time_of_day, name, id)
) STRICT, WITHOUT ROWID;
