-- The child's record: goals with progress, strategies, observations, milestones.
-- Every row names its child and goes when the child goes.

CREATE TABLE goals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  area text NOT NULL,
  title text NOT NULL,
  description text,
  baseline double precision,
  target double precision,
  unit text,
  target_date date,
  status text NOT NULL DEFAULT 'in-progress',
  source text NOT NULL DEFAULT 'home',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX goals_child_id_idx ON goals (child_id, id);

CREATE TABLE progress_entries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  goal_id integer NOT NULL REFERENCES goals (id) ON DELETE CASCADE,
  recorded_on date NOT NULL,
  value double precision NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX progress_entries_goal_idx ON progress_entries (goal_id, recorded_on, id);
CREATE INDEX progress_entries_child_idx ON progress_entries (child_id);

CREATE TABLE strategies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text,
  where_used text NOT NULL DEFAULT 'home',
  kind text NOT NULL DEFAULT 'routine',
  effectiveness smallint,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX strategies_child_id_idx ON strategies (child_id, id);

CREATE TABLE strategy_goals (
  strategy_id integer NOT NULL REFERENCES strategies (id) ON DELETE CASCADE,
  goal_id integer NOT NULL REFERENCES goals (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  PRIMARY KEY (strategy_id, goal_id)
);

CREATE INDEX strategy_goals_goal_idx ON strategy_goals (goal_id);

CREATE TABLE observations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  what text NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  setting text NOT NULL DEFAULT 'home',
  antecedent text,
  behaviour text,
  consequence text,
  mood smallint,
  tags text[] NOT NULL DEFAULT '{}',
  is_win boolean NOT NULL DEFAULT false,
  goal_id integer REFERENCES goals (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX observations_child_time_idx ON observations (child_id, occurred_at DESC, id DESC);
CREATE INDEX observations_goal_idx ON observations (goal_id) WHERE goal_id IS NOT NULL;

CREATE TABLE milestones (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  title text NOT NULL,
  why_it_matters text,
  what_to_do text,
  category text NOT NULL,
  due_date date NOT NULL,
  status text NOT NULL DEFAULT 'upcoming',
  source text NOT NULL,
  rule_key text,
  edited_by_parent boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX milestones_child_rule_key ON milestones (child_id, rule_key);
CREATE INDEX milestones_child_due_idx ON milestones (child_id, due_date);
