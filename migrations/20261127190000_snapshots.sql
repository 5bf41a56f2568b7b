-- Snapshots (issue 27, decision 0107): a one-page view of the child for one audience, built live from
-- the record each time it is read. A row keeps only the parent's choices: the audience, the title, the
-- ordered sections (each shown or hidden, with the parent's own wording when they wrote one), how far
-- back recent observations reach and the photo picked from the vault. Its share links are rows of
-- share_links (purpose 'snapshot', grant 'snapshot'); deleting a snapshot turns them off.

CREATE TABLE snapshots (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  audience text NOT NULL CHECK (audience IN ('teacher', 'sitter', 'doctor', 'iep-meeting')),
  title text,
  -- [{"key": "about", "visible": true, "text": null}, ...]: every section key once, in the parent's order.
  sections jsonb NOT NULL,
  recent_window text NOT NULL CHECK (recent_window IN ('24h', '48h', '72h', '2w', '4w', '8w')),
  -- A photo from the vault; the document may be deleted, and then the snapshot has no photo.
  photo_document_id integer REFERENCES documents (id) ON DELETE SET NULL,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT snapshots_sections_list CHECK (jsonb_typeof(sections) = 'array')
);

CREATE INDEX snapshots_child_idx ON snapshots (child_id, id);
CREATE INDEX share_links_grant_idx ON share_links (grant_type, grant_id);
