-- 0001 for PostgreSQL: the shared store of daily activities, in the schema `traqt`.
-- The same version as 0001-activities.sql; forward-only, never edited once released.
-- Text is COLLATE "C": ordered and compared byte for byte, as SQLite does, so
-- that both engines list and print exactly the same.

CREATE TABLE activity (
    id           text   COLLATE "C" NOT NULL UNIQUE,
    name         text   COLLATE "C" NOT NULL CHECK (name <> ''),
    -- bit 0 = Sunday ... bit 6 = Saturday
    days_of_week bigint NOT NULL CHECK (days_of_week BETWEEN 1 AND 127),
    -- minutes since midnight, local wall-clock time
    time_of_day  bigint NOT NULL CHECK (time_of_day BETWEEN 0 AND 1439),
    -- seconds since the Unix epoch
    created_at   bigint NOT NULL,
    updated_at   bigint NOT NULL,
    -- The order readers want: "list" and "today" read one range of this index.
    PRIMARY KEY (time_of_day, name, id)
);
