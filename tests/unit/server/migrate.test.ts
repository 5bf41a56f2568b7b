import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, splitStatements } from '../../../server/db/migrate.ts';

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
