/** The 20261123000000 migrations on data written before them (PGlite; the SQL is plain PostgreSQL). */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../server/db/migrate.ts';

const earlier = mkdtempSync(path.join(tmpdir(), 'trelli-migrations-'));
afterAll(() => rmSync(earlier, { recursive: true, force: true }));

it('existing owners without a users row keep their children, and "child.deleted" activities are removed', async () => {
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '20261123000000')) {
    cpSync(path.join(MIGRATIONS_DIR, file), path.join(earlier, file));
  }
  const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await migrateToLatest(db, earlier);
    const child = await db
      .insertInto('children')
      .values({ ownerId: 'user_clerk_before', firstName: 'Maya', dateOfBirth: '2016-05-02' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const activity = { ownerId: 'user_clerk_before', actorId: 'user_clerk_before', subjectType: 'child', subjectId: child.id } as const;
    await db
      .insertInto('activities')
      .values([
        { ...activity, childId: child.id, action: 'child.created' },
        // Written by the old delete; the value is no longer an ActivityAction.
        { ...activity, childId: null, subjectId: 999, action: 'child.deleted' as 'child.created' },
      ])
      .execute();

    expect(await migrateToLatest(db)).toEqual(
      expect.arrayContaining(['20261123000000_accounts_own_children', '20261123000000_forget_deleted_children']),
    );
    expect(await db.selectFrom('users').select(['id', 'email', 'passwordHash']).execute()).toEqual([
      { id: 'user_clerk_before', email: null, passwordHash: null },
    ]);
    expect(await db.selectFrom('children').select('id').execute()).toEqual([{ id: child.id }]);
    expect((await db.selectFrom('activities').select('action').execute()).map((row) => row.action)).toEqual(['child.created']);
  } finally {
    await db.destroy();
  }
});
