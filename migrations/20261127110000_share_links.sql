-- Public links in one table (issue 25, decisions 0089 and 0090): an invitation, a shared snapshot, a
-- form to fill, a request to upload. Each opens one record (its grant) and nothing else; only the
-- token's hash is kept. Password resets are about an account, not a child, and keep their own table.
CREATE TABLE share_links (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('invite', 'snapshot', 'form-fill', 'upload-request')),
  -- The child the link is about: deleting the child (or its account) ends its links. An invitation
  -- may name several children; they stay in invite_children, and its link names none.
  child_id integer REFERENCES children (id) ON DELETE CASCADE,
  -- The one record the link opens: its kind and id (an invitation, later a snapshot or a form).
  grant_type text NOT NULL,
  grant_id integer NOT NULL,
  token_hash text NOT NULL UNIQUE,
  -- Who made it: deleting their account ends the links they made.
  created_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  single_use boolean NOT NULL,
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  last_opened_at timestamptz,
  CONSTRAINT share_links_child_unless_invite CHECK ((child_id IS NULL) = (purpose = 'invite'))
);

CREATE INDEX share_links_child_id_idx ON share_links (child_id);
CREATE INDEX share_links_created_by_idx ON share_links (created_by);
CREATE UNIQUE INDEX share_links_invite_key ON share_links (grant_id) WHERE purpose = 'invite';

-- Every invitation's link moves here: its token's hash, expiry and cancellation. Its acceptance (who
-- joined, when) stays the invitation's; the link counts it as its one use.
INSERT INTO share_links (purpose, child_id, grant_type, grant_id, token_hash, created_by, created_at, expires_at, revoked_at, single_use, uses, last_opened_at)
SELECT 'invite', NULL, 'invite', id, token_hash, invited_by, created_at, expires_at, revoked_at, true,
  CASE WHEN accepted_at IS NULL THEN 0 ELSE 1 END, accepted_at
FROM invites;

ALTER TABLE invites DROP COLUMN token_hash;
ALTER TABLE invites DROP COLUMN expires_at;
ALTER TABLE invites DROP COLUMN revoked_at;
