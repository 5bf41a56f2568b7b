-- The document vault. File bodies live in the object store, encrypted; these rows hold what is
-- needed to find, read and decrypt them. Object names are random and say nothing about the file.

-- Every object Trelli writes to the store, with its data key wrapped by the master key `key_id`.
-- A row exists before its object is written (a crashed upload leaves a row to clean up, never an
-- object nobody knows of) and is released when nothing uses it; the purge then deletes the object
-- and the row. Later features (receipts, exports) reference objects the same way.
CREATE TABLE stored_objects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  object_key text NOT NULL UNIQUE,
  owner_id text NOT NULL,
  key_id text NOT NULL,
  wrapped_key bytea NOT NULL,
  -- Plaintext bytes; null until the object is completely written.
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  committed_at timestamptz,
  released_at timestamptz
);

CREATE INDEX stored_objects_owner_idx ON stored_objects (owner_id) WHERE released_at IS NULL;
CREATE INDEX stored_objects_released_idx ON stored_objects (released_at) WHERE released_at IS NOT NULL;
CREATE INDEX stored_objects_uncommitted_idx ON stored_objects (created_at) WHERE committed_at IS NULL;

CREATE TABLE documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  title text NOT NULL,
  category text NOT NULL DEFAULT 'other',
  document_date date,
  school_year text,
  tags text[] NOT NULL DEFAULT '{}',
  note text,
  file_name text NOT NULL,
  media_type text NOT NULL,
  size_bytes bigint NOT NULL,
  file_object_id integer NOT NULL REFERENCES stored_objects (id),
  thumbnail_object_id integer REFERENCES stored_objects (id),
  -- Text extracted from the file (PDF, plain text) after upload: 'pending' until that has run.
  processing text NOT NULL DEFAULT 'pending',
  content_text text,
  page_count integer,
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX documents_child_idx ON documents (child_id, document_date DESC, id DESC);
CREATE INDEX documents_search_idx ON documents USING gin (search_vector);
CREATE INDEX documents_file_object_idx ON documents (file_object_id);
CREATE INDEX documents_thumbnail_object_idx ON documents (thumbnail_object_id);
CREATE INDEX documents_pending_idx ON documents (id) WHERE processing = 'pending';

-- One weight per field: the title ranks first, then tags, the note, the text inside the file (the
-- search reads the weights to tell where a word is). Each field's words are kept as written
-- (lowercased, 'simple': a prefix of any word finds it) and as English stems (another form of a word
-- finds it). Kept by the row's own write, and only when a searched field is written.
CREATE FUNCTION documents_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', NEW.title) || to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('simple', array_to_string(NEW.tags, ' ')) || to_tsvector('english', array_to_string(NEW.tags, ' ')), 'B') ||
    setweight(to_tsvector('simple', coalesce(NEW.note, '')) || to_tsvector('english', coalesce(NEW.note, '')), 'C') ||
    setweight(to_tsvector('simple', coalesce(NEW.content_text, '')) || to_tsvector('english', coalesce(NEW.content_text, '')), 'D');
  RETURN NEW;
END;
$$;

CREATE TRIGGER documents_search_vector
  BEFORE INSERT OR UPDATE OF title, tags, note, content_text ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_search_vector();

-- A document is evidence for a goal, like a linked observation.
CREATE TABLE document_goals (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  goal_id integer NOT NULL REFERENCES goals (id) ON DELETE CASCADE,
  child_id integer NOT NULL REFERENCES children (id) ON DELETE CASCADE,
  PRIMARY KEY (document_id, goal_id)
);

CREATE INDEX document_goals_goal_idx ON document_goals (goal_id);

-- Deleting a document (itself, or with its child or account) or replacing its file releases the
-- objects it used; the purge removes them from the store.
CREATE FUNCTION release_document_objects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE stored_objects SET released_at = now()
      WHERE id IN (OLD.file_object_id, OLD.thumbnail_object_id) AND released_at IS NULL;
    RETURN OLD;
  END IF;
  UPDATE stored_objects SET released_at = now()
    WHERE released_at IS NULL
      AND ((OLD.file_object_id IS DISTINCT FROM NEW.file_object_id AND id = OLD.file_object_id)
        OR (OLD.thumbnail_object_id IS DISTINCT FROM NEW.thumbnail_object_id AND id = OLD.thumbnail_object_id));
  RETURN NEW;
END;
$$;

CREATE TRIGGER documents_release_objects
  AFTER DELETE OR UPDATE OF file_object_id, thumbnail_object_id ON documents
  FOR EACH ROW EXECUTE FUNCTION release_document_objects();
