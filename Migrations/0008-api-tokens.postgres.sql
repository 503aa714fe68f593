-- 0008 for PostgreSQL: bearer tokens for `traqt serve`, kept as their secret's
-- SHA-256. The same version and meaning as 0008-api-tokens.sql.

CREATE TABLE api_token (
    name          text   COLLATE "C" NOT NULL PRIMARY KEY,
    scope         text   COLLATE "C" NOT NULL CHECK (scope IN ('read', 'write', 'push')),
    topic         text   COLLATE "C",
    secret_sha256 text   COLLATE "C" NOT NULL UNIQUE,
    created_at    bigint NOT NULL,
    expires_at    bigint
);
