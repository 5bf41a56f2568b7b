-- Built-in accounts (used only when Clerk is not configured).
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  public_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  unsafe_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- A signed-in browser: the cookie carries the id, the table keeps only its SHA-256.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- owner_id is the sign-in provider's user id (built-in or Clerk), so it has no foreign key.
CREATE TABLE children (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL,
  first_name text NOT NULL,
  last_name text,
  date_of_birth date NOT NULL,
  grade text,
  school text,
  pronouns text,
  support_plan text,
  plan_review_date date,
  last_evaluation_date date,
  diagnoses text[] NOT NULL DEFAULT '{}',
  strengths text[] NOT NULL DEFAULT '{}',
  challenges text[] NOT NULL DEFAULT '{}',
  interests text[] NOT NULL DEFAULT '{}',
  notes text,
  avatar_color text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX children_owner_id_idx ON children (owner_id, id);

-- Who did what to which child. No child details: only the action and the subject's id.
-- child_id is NULL for a deleted child's last entry, which outlives the cascade.
CREATE TABLE activities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL,
  child_id integer REFERENCES children (id) ON DELETE CASCADE,
  actor_id text NOT NULL,
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX activities_child_id_idx ON activities (child_id, created_at DESC);
CREATE INDEX activities_owner_id_idx ON activities (owner_id, created_at DESC);
