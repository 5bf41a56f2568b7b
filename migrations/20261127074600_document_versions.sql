-- Earlier versions of a document's file (issue 24, decision 0087). Replacing a file keeps the one it
-- replaces here, with when it was added and when and by whom it was replaced; the versions go with
-- their document (and so with the child and the account), and their objects are released then.
CREATE TABLE document_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  media_type text NOT NULL,
  size_bytes bigint NOT NULL,
  file_object_id integer NOT NULL REFERENCES stored_objects (id),
  page_count integer,
  -- When this file was added, and who added it (null once their account is deleted).
  added_at timestamptz NOT NULL,
  added_by text REFERENCES users (id) ON DELETE SET NULL,
  replaced_at timestamptz NOT NULL DEFAULT now(),
  replaced_by text REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX document_versions_document_idx ON document_versions (document_id, id DESC);
CREATE INDEX document_versions_child_idx ON document_versions (child_id);
CREATE INDEX document_versions_object_idx ON document_versions (file_object_id);

-- Who added the document's current file and when (the first file: the document's author).
ALTER TABLE documents ADD COLUMN file_added_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE documents ADD COLUMN file_added_by text REFERENCES users (id) ON DELETE SET NULL;
UPDATE documents SET file_added_at = updated_at, file_added_by = created_by;

-- A replaced file kept as a version is not released; the thumbnail still is (it is made again).
CREATE OR REPLACE FUNCTION release_document_objects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE stored_objects SET released_at = now()
      WHERE id IN (OLD.file_object_id, OLD.thumbnail_object_id) AND released_at IS NULL;
    RETURN OLD;
  END IF;
  UPDATE stored_objects SET released_at = now()
    WHERE released_at IS NULL
      AND ((OLD.file_object_id IS DISTINCT FROM NEW.file_object_id AND id = OLD.file_object_id
            AND NOT EXISTS (SELECT 1 FROM document_versions v WHERE v.file_object_id = OLD.file_object_id))
        OR (OLD.thumbnail_object_id IS DISTINCT FROM NEW.thumbnail_object_id AND id = OLD.thumbnail_object_id));
  RETURN NEW;
END;
$$;

-- A version going (with its document, child or account) releases its file; the purge removes it.
CREATE FUNCTION release_document_version_object() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stored_objects SET released_at = now() WHERE id = OLD.file_object_id AND released_at IS NULL;
  RETURN OLD;
END;
$$;

CREATE TRIGGER document_versions_release_object AFTER DELETE ON document_versions
  FOR EACH ROW EXECUTE FUNCTION release_document_version_object();
