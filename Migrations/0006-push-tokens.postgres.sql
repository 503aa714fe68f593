-- 0006 for PostgreSQL: push tokens (a live activity's, made at each start; one
-- push-to-start token per attributes type). The same version and meaning as
-- 0006-push-tokens.sql.

ALTER TABLE live_activity ADD COLUMN push_token text COLLATE "C";
CREATE UNIQUE INDEX live_activity_by_push_token ON live_activity (push_token);

CREATE TABLE push_to_start_token (
    type       text   COLLATE "C" NOT NULL PRIMARY KEY,
    token      text   COLLATE "C" NOT NULL UNIQUE,
    created_at bigint NOT NULL
);
