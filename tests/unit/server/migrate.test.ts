import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { MIGRATIONS_DIR, checkMigrationNames, migrateToLatest, migrationFiles, splitStatements } from '../../../server/db/migrate.ts';

describe('splitStatements', () => {
  it('splits at semicolons that end a line and trims each statement', () => {
    const source = 'CREATE TABLE a (id int);\n\n  CREATE INDEX a_id ON a (id);  \nINSERT INTO a VALUES (1);\n';
    expect(splitStatements(source)).toEqual(['CREATE TABLE a (id int)', 'CREATE INDEX a_id ON a (id)', 'INSERT INTO a VALUES (1)']);
  });

  it('keeps a statement spread over several lines together', () => {
    const source = 'CREATE TABLE b (\n  id int PRIMARY KEY,\n  name text NOT NULL\n);\nSELECT 1;';
    expect(splitStatements(source)).toEqual(['CREATE TABLE b (\n  id int PRIMARY KEY,\n  name text NOT NULL\n)', 'SELECT 1']);
  });

  it('keeps semicolons that do not end a line', () => {
    const source = "INSERT INTO notes VALUES ('a; b');\nSELECT ';' AS semi;";
    expect(splitStatements(source)).toEqual(["INSERT INTO notes VALUES ('a; b')", "SELECT ';' AS semi"]);
  });

  it('drops whole-line comments, indented ones too, but keeps comments after code', () => {
    const source = '-- a heading\nCREATE TABLE c (\n  -- why this column\n  id int -- the id\n);\n-- trailing note\n';
    expect(splitStatements(source)).toEqual(['CREATE TABLE c (\n  id int -- the id\n)']);
  });

  it('keeps a last statement without a semicolon, and handles CRLF line endings', () => {
    expect(splitStatements('SELECT 1;\r\nSELECT 2;\r\nSELECT 3')).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  });

  it('gives nothing for an empty file, whitespace, or only comments', () => {
    expect(splitStatements('')).toEqual([]);
    expect(splitStatements('  \n\n\t\n')).toEqual([]);
    expect(splitStatements('-- nothing yet\n-- still nothing\n')).toEqual([]);
    expect(splitStatements(';\n;\n')).toEqual([]);
  });

  it('keeps a dollar-quoted function body in one statement', () => {
    const source =
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  -- a comment in the body\n  RETURN NEW;\nEND;\n$$;\nCREATE TRIGGER t AFTER DELETE ON a FOR EACH ROW EXECUTE FUNCTION f();';
    expect(splitStatements(source)).toEqual([
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  -- a comment in the body\n  RETURN NEW;\nEND;\n$$',
      'CREATE TRIGGER t AFTER DELETE ON a FOR EACH ROW EXECUTE FUNCTION f()',
    ]);
  });

  it('splits every real migration into statements that each hold one command', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const file of files) {
      const statements = splitStatements(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      if (statements.length === 0) problems.push(`${file}: no statements`);
      for (const statement of statements) {
        if (!/^(CREATE|ALTER|DROP|INSERT|UPDATE|DELETE|COMMENT|GRANT|DO)\b/i.test(statement))
          problems.push(`${file}: starts oddly: ${statement.slice(0, 40)}`);
        // One command per statement: no semicolon left at the end of an inner line.
        const outsideBodies = statement.replace(/\$\$[\s\S]*?\$\$/g, '$$$$');
        if (outsideBodies.split('\n').some((line) => /;\s*$/.test(line)))
          problems.push(`${file}: two commands in one: ${statement.slice(0, 40)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('migration names (decision 0099)', () => {
  const made: string[] = [];
  /** A migrations folder holding `files`, each one harmless statement. */
  function folderWith(...files: string[]): string {
    const directory = mkdtempSync(path.join(tmpdir(), 'trelli-migrations-'));
    made.push(directory);
    for (const file of files) writeFileSync(path.join(directory, file), 'CREATE TABLE t (id int);\n');
    return directory;
  }
  afterEach(() => {
    for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  /** A database the migrator must not reach: any use of it fails the test. */
  const untouchable = new Proxy({} as Db, {
    get: (_target, property) => {
      throw new Error(`the database was used (${String(property)}) before the names were checked`);
    },
  });

  it('refuses a second migration with a timestamp already taken, naming both files, before touching the database', async () => {
    const directory = folderWith('20990101000000_first.sql', '20990101000000_second.sql', '20990101000100_third.sql');
    const refusal = /Migrations 20990101000000_first\.sql and 20990101000000_second\.sql share the timestamp 20990101000000/;
    await expect(migrationFiles(directory)).rejects.toThrow(refusal);
    await expect(migrateToLatest(untouchable, directory)).rejects.toThrow(refusal);
  });

  it('refuses a file not named <timestamp>_<what>.sql', async () => {
    await expect(migrationFiles(folderWith('20990101000000_first.sql', 'add_index.sql'))).rejects.toThrow(
      /Migration add_index\.sql is not named <timestamp>_<what>\.sql/,
    );
    expect(() => checkMigrationNames(['2099010100_short.sql'])).toThrow(/is not named/);
  });

  it('lets through the one landed pair, and only it: a third file on its timestamp is refused', async () => {
    const [first, second] = ['20261123000000_accounts_own_children.sql', '20261123000000_forget_deleted_children.sql'];
    expect(() => checkMigrationNames([second, first])).not.toThrow();
    expect(() => checkMigrationNames([first, second, '20261123000000_something_else.sql'])).toThrow(
      /20261123000000_forget_deleted_children\.sql and 20261123000000_something_else\.sql share the timestamp/,
    );
    expect(() => checkMigrationNames([first, second], [])).toThrow(/share the timestamp 20261123000000/);
  });

  it('accepts the real folder, in name order, the landed pair included', async () => {
    const files = await migrationFiles(MIGRATIONS_DIR);
    expect(files).toEqual(
      readdirSync(MIGRATIONS_DIR)
        .filter((file) => file.endsWith('.sql'))
        .sort(),
    );
    expect(files).toEqual(
      expect.arrayContaining(['20261123000000_accounts_own_children.sql', '20261123000000_forget_deleted_children.sql']),
    );
  });
});
