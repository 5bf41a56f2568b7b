-- The audit log names what each entry is about (issue 24, decision 0072): the person an access entry
-- is about (read from their account when the log is read, never copied; null once it is deleted),
-- and a role change's old and new role.
ALTER TABLE activities ADD COLUMN subject_user_id text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE activities ADD COLUMN from_role text CHECK (from_role IN ('viewer', 'updater', 'owner'));
ALTER TABLE activities ADD COLUMN to_role text CHECK (to_role IN ('viewer', 'updater', 'owner'));
CREATE INDEX activities_subject_user_id_idx ON activities (subject_user_id);

-- Earlier access entries: the person whose access it still is.
UPDATE activities a SET subject_user_id = ca.user_id
  FROM child_access ca
  WHERE a.subject_type = 'caregiver' AND ca.id = a.subject_id AND ca.child_id = a.child_id;
