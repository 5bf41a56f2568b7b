-- Account settings (issue 10, decisions 0048-0051): the account's name, and password resets by emailed link.
-- Built-in accounts keep their name here; a Clerk account's name stays Clerk's.
ALTER TABLE users ADD COLUMN name text;

-- One row per reset link. Only the token's SHA-256 is kept; the link dies when used, when it expires
-- (1 hour), or when any of the account's links is used.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
