-- An export made before a child or a document was deleted holds that child's records and files: the
-- deletion withdraws it (issue 24, decision 0069). Its ZIP is released at once; the row stays, as
-- 'withdrawn', until it expires, so the parent is told why the download is gone.
ALTER TABLE exports DROP CONSTRAINT exports_status_check;
ALTER TABLE exports ADD CONSTRAINT exports_status_check CHECK (status IN ('queued', 'running', 'ready', 'failed', 'withdrawn'));
