-- 0008: bearer tokens for `traqt serve`: a request's `Authorization: Bearer
-- SECRET` is looked up by the secret's SHA-256, so a copy of the database
-- gives no one a token that works.
-- Forward-only: once released, this file is never edited; later changes are new files.
-- The comments stand outside the statements: SQLite keeps a statement's text in
-- the schema and every process parses it, so it is kept short.

-- name: what `traqt token revoke` names it by (A-Z a-z 0-9 . _ -, 1 to 64).
-- scope: what it allows (read; write, which also reads; push, only push).
-- topic: the bundle id a push token is limited to, or NULL: any.
-- secret_sha256: 64 lowercase hex digits of the SHA-256 of the secret's UTF-8;
--   the secret itself is shown once and never stored.
-- created_at, expires_at: seconds since the epoch; expires_at NULL: never.
CREATE TABLE api_token (
    name TEXT NOT NULL PRIMARY KEY, scope TEXT NOT NULL CHECK (scope IN ('read', 'write', 'push')), topic TEXT,
    secret_sha256 TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL, expires_at INTEGER
) STRICT, WITHOUT ROWID;
