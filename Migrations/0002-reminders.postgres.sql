-- 0002 for PostgreSQL: what `traqt due` has done, so that each occurrence fires
-- at most once, across every host. The same version as 0002-reminders.sql.

CREATE TABLE reminder_state (
    singleton       bigint NOT NULL PRIMARY KEY CHECK (singleton = 1),
    known_since     bigint NOT NULL,
    checked_through bigint NOT NULL,
    pruned_before   bigint NOT NULL
);

-- The key (activity, local date) makes the insert the claim.
CREATE TABLE occurrence (
    activity_id  text   COLLATE "C" NOT NULL,
    local_date   text   COLLATE "C" NOT NULL,
    scheduled_at bigint NOT NULL,
    status       text   COLLATE "C" NOT NULL CHECK (status IN ('fired', 'failed', 'missed')),
    fired_at     bigint,
    exit_status  bigint,
    PRIMARY KEY (activity_id, local_date)
);

CREATE INDEX occurrence_by_time ON occurrence (scheduled_at);
