-- 0004 for PostgreSQL: a due --exec run claims reminders first and starts their
-- commands one by one. The same version and meaning as 0004-exec-states.sql:
-- `claimed` (taken for --exec, its command not started yet) and `started`
-- (started, no outcome recorded yet).

ALTER TABLE occurrence DROP CONSTRAINT occurrence_status_check;
ALTER TABLE occurrence ADD CONSTRAINT occurrence_status_check
    CHECK (status IN ('fired', 'failed', 'missed', 'claimed', 'started'));

-- Every run picks up the claimed ones left by earlier runs, however old.
CREATE INDEX occurrence_claimed ON occurrence (scheduled_at) WHERE status = 'claimed';
