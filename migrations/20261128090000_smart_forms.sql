-- Smart forms (issue 28, decision 0109): questions a teacher or therapist answers by link, and answers
-- that become data with who said them. A form keeps the parent's questions; each recipient has a link
-- of decision 0089's kind (share_links, purpose 'form-fill', grant 'form') and a row here naming them;
-- each answer sent through a link is a response that waits for the parent to approve or reject it.

CREATE TABLE forms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  title text NOT NULL,
  intro text,
  -- The template it started from (null: a blank form); only the editor's wording depends on it.
  template text CHECK (template IN ('teacher-weekly', 'therapist-update', 'before-iep', 'goal')),
  -- [{"id": "q1", "kind": "count", "prompt": "...", "goalId": 3, "required": true, ...}, ...] in order.
  questions jsonb NOT NULL,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT forms_questions_list CHECK (jsonb_typeof(questions) = 'array')
);

CREATE INDEX forms_child_idx ON forms (child_id, id);

-- Who a fill link was made for. The link itself is a share_links row (its token hashed there).
CREATE TABLE form_links (
  link_id integer PRIMARY KEY REFERENCES share_links (id) ON DELETE CASCADE,
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  recipient_name text NOT NULL,
  recipient_role text NOT NULL CHECK (recipient_role IN ('teacher', 'therapist', 'aide', 'coach', 'relative', 'other'))
);

CREATE INDEX form_links_form_idx ON form_links (form_id);

-- One answer sent through a link. It keeps the questions as they were asked beside the answers, and
-- who answered, so it reads the same after the form is edited or the link is gone.
CREATE TABLE form_responses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  link_id integer REFERENCES share_links (id) ON DELETE SET NULL,
  recipient_name text NOT NULL,
  recipient_role text NOT NULL CHECK (recipient_role IN ('teacher', 'therapist', 'aide', 'coach', 'relative', 'other')),
  -- [{"questionId": "q1", "kind": "count", "prompt": "...", "goalId": 3, "value": 4}, ...]
  answers jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  answered_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT form_responses_answers_list CHECK (jsonb_typeof(answers) = 'array'),
  CONSTRAINT form_responses_decided CHECK ((status = 'pending') = (decided_at IS NULL))
);

CREATE INDEX form_responses_child_idx ON form_responses (child_id, status, id);
CREATE INDEX form_responses_form_idx ON form_responses (form_id);

-- Where a progress entry or an observation came from when it was not typed by a caregiver:
-- {"kind": "form", "formId", "responseId", "name", "role", "answeredAt"}. Kept as written (the form or
-- response may be deleted later; the record still says who said it). Null: a caregiver typed it.
ALTER TABLE progress_entries ADD COLUMN source jsonb;
ALTER TABLE observations ADD COLUMN source jsonb;

-- The parent is told when an answer arrives, unless they turn it off (on by default).
ALTER TABLE notification_settings ADD COLUMN form_answers boolean NOT NULL DEFAULT true;
