-- Who added each record a caregiver can see (issue 24, decision 0086). The name is read from the
-- account when the record is read, never copied; a deleted account leaves its records unattributed.
ALTER TABLE observations ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE goals ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE progress_entries ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE strategies ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE milestones ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE documents ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE medications ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE child_people ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;

-- Existing rows: the person whose activity added the record, else the child's owner. A generated
-- roadmap milestone was added by nobody (Trelli's rules), so it stays null.
UPDATE observations t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'observation' AND a.subject_id = t.id AND a.action = 'observation.created' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE goals t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'goal' AND a.subject_id = t.id AND a.action = 'goal.created' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE progress_entries t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'progress' AND a.subject_id = t.id AND a.action = 'progress.recorded' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE strategies t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'strategy' AND a.subject_id = t.id AND a.action = 'strategy.created' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE milestones t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'milestone' AND a.subject_id = t.id AND a.action = 'milestone.created' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id))
  WHERE t.source = 'parent';
UPDATE documents t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'document' AND a.subject_id = t.id AND a.action = 'document.added' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE medications t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'medication' AND a.subject_id = t.id AND a.action = 'medication.added' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
UPDATE child_people t SET created_by = coalesce(
  (SELECT a.actor_id FROM activities a WHERE a.child_id = t.child_id AND a.subject_type = 'person' AND a.subject_id = t.id AND a.action = 'person.added' ORDER BY a.id LIMIT 1),
  (SELECT c.owner_id FROM children c WHERE c.id = t.child_id));
