-- 0007 for PostgreSQL: push ordering, alerts and broadcast channels. The same
-- version and meaning as 0007-push-order.sql.

ALTER TABLE live_activity ADD COLUMN sent_at bigint;
ALTER TABLE live_activity ADD COLUMN last_push text COLLATE "C";
ALTER TABLE live_activity ADD COLUMN alert text COLLATE "C";
ALTER TABLE live_activity ADD COLUMN alert_at bigint;
ALTER TABLE live_activity ADD COLUMN channel text COLLATE "C";
CREATE INDEX live_activity_by_channel ON live_activity (channel) WHERE channel IS NOT NULL;

CREATE TABLE push_channel (
    id         text   COLLATE "C" NOT NULL PRIMARY KEY,
    name       text   COLLATE "C",
    created_at bigint NOT NULL
);
