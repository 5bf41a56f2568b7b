-- Notifications by email (issue 10, decisions 0062 and 0063): each person's choices, and what was sent.
-- No row means the defaults (shared/schemas/notifications.ts): digest off, every milestone reminder on.
CREATE TABLE notification_settings (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  weekly_digest boolean NOT NULL,
  reminder_thirty_days boolean NOT NULL,
  reminder_seven_days boolean NOT NULL,
  reminder_one_day boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One reminder per person, milestone and distance: written before the mail goes, so it never goes twice.
-- It goes with the milestone (and so with the child) and with the person.
CREATE TABLE milestone_reminders_sent (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  milestone_id integer NOT NULL REFERENCES milestones (id) ON DELETE CASCADE,
  days_before smallint NOT NULL CHECK (days_before IN (30, 7, 1)),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, milestone_id, days_before)
);

CREATE INDEX milestone_reminders_sent_milestone_idx ON milestone_reminders_sent (milestone_id);

-- One digest per person, child and week (the Monday it began).
CREATE TABLE weekly_digests_sent (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  week_start date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, child_id, week_start)
);

CREATE INDEX weekly_digests_sent_child_idx ON weekly_digests_sent (child_id);
