-- Caregivers: who may see and change each child, and with which role (issue 10, decision 0044).
-- A child still belongs to one account (children.owner_id: its quota, its export, its deletion); that
-- account always holds the owner role, and others hold a role the owners gave them.
CREATE TABLE child_access (
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'updater', 'owner')),
  -- The address the invitation went to: how the owners know a person whose email the sign-in provider keeps.
  invited_as text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (child_id, user_id)
);

CREATE INDEX child_access_user_id_idx ON child_access (user_id, child_id);

INSERT INTO child_access (child_id, user_id, role) SELECT id, owner_id, 'owner' FROM children;

-- The account a child belongs to is one of its owners from the moment the child exists, whoever inserts it.
CREATE FUNCTION child_access_for_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO child_access (child_id, user_id, role) VALUES (NEW.id, NEW.owner_id, 'owner');
  RETURN NEW;
END;
$$;

CREATE TRIGGER children_owner_access AFTER INSERT ON children FOR EACH ROW EXECUTE FUNCTION child_access_for_owner();

-- An invitation by link to one or more children with one role. Only the token's hash is kept.
CREATE TABLE invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'updater', 'owner')),
  invited_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);

CREATE INDEX invites_invited_by_idx ON invites (invited_by);

CREATE TABLE invite_children (
  invite_id integer NOT NULL REFERENCES invites (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  PRIMARY KEY (invite_id, child_id)
);

CREATE INDEX invite_children_child_id_idx ON invite_children (child_id);

-- Activities now record who made each change (owners and caregivers), so the audit log can name them.
-- A person whose account is deleted leaves nothing of theirs here: their entries stay, unattributed.
ALTER TABLE activities ALTER COLUMN actor_id DROP NOT NULL;
UPDATE activities SET actor_id = NULL WHERE actor_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = activities.actor_id);
ALTER TABLE activities ADD CONSTRAINT activities_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX activities_actor_id_idx ON activities (actor_id);
