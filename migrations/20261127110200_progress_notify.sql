-- Live progress (issue 25, decision 0093): the database itself says when a document's processing or an
-- export's status changes, on one channel every instance listens to, so whichever process or job wrote
-- the change, every open screen hears of it. The payload names the record, whose it is and its new
-- state, never its content or a name: a listener reads what it may show through the service.

CREATE FUNCTION notify_document_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('trelli_progress',
      json_build_object('kind', 'document', 'childId', OLD.child_id, 'id', OLD.id, 'state', 'deleted')::text);
  ELSE
    PERFORM pg_notify('trelli_progress',
      json_build_object('kind', 'document', 'childId', NEW.child_id, 'id', NEW.id, 'state', NEW.processing)::text);
  END IF;
  RETURN NULL;
END;
$$;

-- A new file is pending; its processing ends done or failed; a replaced file is pending again.
CREATE TRIGGER documents_notify_insert
  AFTER INSERT ON documents
  FOR EACH ROW EXECUTE FUNCTION notify_document_progress();
CREATE TRIGGER documents_notify_processing
  AFTER UPDATE OF processing ON documents
  FOR EACH ROW WHEN (OLD.processing IS DISTINCT FROM NEW.processing) EXECUTE FUNCTION notify_document_progress();
-- A document deleted while it waits leaves the screens that wait for it.
CREATE TRIGGER documents_notify_delete
  AFTER DELETE ON documents
  FOR EACH ROW WHEN (OLD.processing = 'pending') EXECUTE FUNCTION notify_document_progress();

CREATE FUNCTION notify_export_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trelli_progress',
    json_build_object('kind', 'export', 'ownerId', NEW.owner_id, 'id', NEW.id, 'state', NEW.status)::text);
  RETURN NULL;
END;
$$;

-- Queued, running (and each progress report while it runs), then ready, failed or withdrawn.
CREATE TRIGGER exports_notify_insert
  AFTER INSERT ON exports
  FOR EACH ROW EXECUTE FUNCTION notify_export_progress();
CREATE TRIGGER exports_notify_progress
  AFTER UPDATE OF status, items_done ON exports
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.items_done IS DISTINCT FROM NEW.items_done)
  EXECUTE FUNCTION notify_export_progress();
