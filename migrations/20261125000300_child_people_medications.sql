-- The child's medications and the child's people (issue 10, decision 0056): part of the child's
-- profile, so every row names its child and goes when the child goes.

CREATE TABLE medications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  name text NOT NULL,
  dose text,
  schedule text,
  prescriber text,
  started_on date,
  notes text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX medications_child_id_idx ON medications (child_id, id);

-- Parents and guardians, teachers, therapists, doctors: the adults around the child, as contacts.
-- Not accounts: a person here signs in to nothing (caregivers with access are child_access).
CREATE TABLE child_people (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  name text NOT NULL,
  role text NOT NULL DEFAULT 'other',
  phone text,
  email text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX child_people_child_id_idx ON child_people (child_id, id);
