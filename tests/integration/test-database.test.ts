/**
 * The test databases themselves (tests/helpers/test-database.ts, decision 0100): each is a copy of a
 * migrated template, so it must hold every migration in the folder as it is now, and be a database
 * of its own.
 */
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateToLatest } from '../../server/db/migrate.ts';
import { createTestDatabase, ENGINES } from '../helpers/test-database.ts';

const migrationsInTheFolder = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();

describe.each(ENGINES)('a test database (%s)', (engine) => {
  it('has every migration of the folder applied, and nothing left to apply', async () => {
    const database = await createTestDatabase(engine);
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(migrationsInTheFolder);
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('is its own: a row written in one is not in another', async () => {
    const [first, second] = [await createTestDatabase(engine), await createTestDatabase(engine)];
    try {
      await sql`insert into users (id) values ('user_only_in_the_first')`.execute(first.db);
      const ids = async (database: typeof first) => (await database.db.selectFrom('users').select('id').execute()).map((row) => row.id);
      expect([await ids(first), await ids(second)]).toEqual([['user_only_in_the_first'], []]);
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
