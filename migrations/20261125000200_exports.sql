-- "Download my data" (issue 10, decision 0053): one ZIP of everything a parent owns, built by a
-- background job into the encrypted store. One row per export; a parent has at most one that is
-- queued or running. The row goes with the account, and releases its ZIP when it goes.
CREATE TABLE exports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
  -- Records and files written so far, of items_total (known once the job has counted them).
  items_done integer NOT NULL DEFAULT 0,
  items_total integer,
  object_id integer REFERENCES stored_objects (id),
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- 24 hours after the ZIP is ready (or the job failed); the purge removes the row and the ZIP after it.
  expires_at timestamptz
);

CREATE UNIQUE INDEX exports_one_in_progress ON exports (owner_id) WHERE status IN ('queued', 'running');
CREATE INDEX exports_owner_idx ON exports (owner_id, id DESC);
CREATE INDEX exports_expires_idx ON exports (expires_at) WHERE expires_at IS NOT NULL;

-- A ZIP is a copy for 24 hours, not the parent's storage: it does not count against the vault quota.
ALTER TABLE stored_objects ADD COLUMN counts_toward_quota boolean NOT NULL DEFAULT true;

-- Deleting an export (expired, replaced, or with its account) releases its ZIP; the purge removes it.
CREATE FUNCTION release_export_object() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.object_id IS NOT NULL THEN
    UPDATE stored_objects SET released_at = now() WHERE id = OLD.object_id AND released_at IS NULL;
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER exports_release_object AFTER DELETE ON exports FOR EACH ROW EXECUTE FUNCTION release_export_object();
