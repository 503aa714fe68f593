-- 0006: push tokens, as ActivityKit issues them. A sender addresses a live
-- activity by its token (APNs's POST /3/device/TOKEN carries no id), and starts
-- one of an attributes type by that type's push-to-start token.
-- Forward-only: once released, this file is never edited; later changes are new files.
-- The comments stand outside the statements: SQLite keeps a statement's text in
-- the schema and every process parses it, so it is kept short.

-- push_token: 64 lowercase hex digits (32 random bytes), made at each start and
--   replaced by `live token --rotate`; NULL for a run started before this step,
--   until `live token` makes one. Unique: a token names one run.
ALTER TABLE live_activity ADD COLUMN push_token TEXT;
CREATE UNIQUE INDEX live_activity_by_push_token ON live_activity (push_token);

-- One push-to-start token per attributes type, made once when first asked for.
-- created_at: seconds since the epoch.
CREATE TABLE push_to_start_token (
    type TEXT NOT NULL PRIMARY KEY, token TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
