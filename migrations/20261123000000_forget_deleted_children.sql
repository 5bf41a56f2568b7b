-- A deleted child leaves nothing behind: drop the "profile deleted" entries that named it.
DELETE FROM activities WHERE action = 'child.deleted';
