-- When each caregiver's view of a child was last written to the child's audit log (decision 0044: at
-- most once an hour per person and child). In the database rather than in each server's memory, so
-- several instances note a view once an hour between them (issue 25, decision 0092). The row goes
-- with the child and with the person.
CREATE TABLE views_noted (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  noted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, child_id)
);

CREATE INDEX views_noted_child_id_idx ON views_noted (child_id);
