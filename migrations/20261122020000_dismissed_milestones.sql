-- Generated milestones a parent deleted: regeneration must not bring them back.
CREATE TABLE dismissed_milestones (
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  rule_key text NOT NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (child_id, rule_key)
);
