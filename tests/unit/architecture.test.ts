import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The boundaries the README and DESIGN §2 promise, checked on every run instead of remembered:
 * who may import whom, and where SQL may be written. Each rule is also tried on a made-up file that
 * breaks it, so a rule that stopped seeing violations would fail here too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

interface ImportRef {
  /** Repository-relative path of the importing file. */
  file: string;
  specifier: string;
  /** Repository-relative path of the imported file, or null for a package. */
  target: string | null;
  typeOnly: boolean;
}

const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** True when every name in `{ type A, type B }` is a type. */
function allSpecifiersAreTypes(clause: string | undefined): boolean {
  const braces = clause?.trim().match(/^\{([\s\S]*)\}$/);
  if (!braces?.[1]) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function resolveTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith('#shared/')) return `shared/${specifier.slice('#shared/'.length)}`;
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

export function importsOf(file: string, text: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = match[3] as string;
    const typeOnly = Boolean(match[1]) || allSpecifiersAreTypes(match[2]);
    refs.push({ file, specifier, target: resolveTarget(file, specifier), typeOnly });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const specifier = match[1] as string;
    refs.push({ file, specifier, target: resolveTarget(file, specifier), typeOnly: false });
  }
  return refs;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.posix.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const FILES = ['client', 'server', 'shared'].flatMap(sourceFiles);
const TEXTS = new Map(FILES.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
const IMPORTS = FILES.flatMap((file) => importsOf(file, TEXTS.get(file) as string));

/** `client/app/features/observations/x.tsx` -> `observations`. */
function featureOf(file: string, root: string): string | null {
  if (!file.startsWith(root)) return null;
  return file.slice(root.length).split('/')[0] ?? null;
}

const under = (file: string | null, ...dirs: string[]) => file !== null && dirs.some((dir) => file.startsWith(dir));

type Rule = (ref: ImportRef) => string | null;

const describeRef = (ref: ImportRef, why: string) => `${ref.file} imports '${ref.specifier}': ${why}`;

const RULES: Record<string, Rule> = {
  'a client feature never imports another feature or a page': (ref) => {
    const own = featureOf(ref.file, 'client/app/features/');
    if (own === null || ref.target === null) return null;
    const other = featureOf(ref.target, 'client/app/features/');
    if (other !== null && other !== own) return describeRef(ref, 'features stay independent; pages compose them');
    if (under(ref.target, 'client/app/pages/')) return describeRef(ref, 'a feature never imports a page');
    return null;
  },
  'the public site never imports app code, auth, tRPC or react-query': (ref) => {
    if (!under(ref.file, 'client/site/')) return null;
    if (under(ref.target, 'client/app/')) return describeRef(ref, 'the site bundle stays free of the app');
    if (/^@(clerk|trpc|tanstack)\//.test(ref.specifier))
      return describeRef(ref, 'the site bundle stays free of auth, tRPC and react-query');
    return null;
  },
  'client/lib and client/components serve both sides and import neither': (ref) =>
    under(ref.file, 'client/lib/', 'client/components/') && under(ref.target, 'client/app/', 'client/site/')
      ? describeRef(ref, 'a shared client module cannot depend on the app or the site')
      : null,
  'the client imports the server only as types': (ref) =>
    under(ref.file, 'client/') && under(ref.target, 'server/') && !ref.typeOnly
      ? describeRef(ref, 'use `import type` (e.g. AppRouter)')
      : null,
  'the server never imports the client': (ref) =>
    under(ref.file, 'server/') && under(ref.target, 'client/') ? describeRef(ref, 'server code runs in Node only') : null,
  'shared imports only shared, zod and superjson': (ref) => {
    if (!under(ref.file, 'shared/')) return null;
    if (ref.target !== null) return under(ref.target, 'shared/') ? null : describeRef(ref, 'shared/ is isomorphic');
    return /^(zod|superjson)(\/|$)/.test(ref.specifier) ? null : describeRef(ref, 'shared/ uses no other package');
  },
  'a server feature reaches another only through a type of its service': (ref) => {
    const own = featureOf(ref.file, 'server/features/');
    const other = ref.target === null ? null : featureOf(ref.target, 'server/features/');
    if (other === null || other === own) return null;
    if (own === null && !ref.target?.endsWith('.repository.ts')) return null;
    if (own !== null && ref.typeOnly && ref.target?.endsWith('.service.ts')) return null;
    return describeRef(ref, "another feature's repository and code are its own; take its service from createServices");
  },
  'core, auth, db and lib depend on no feature': (ref) =>
    under(ref.file, 'server/core/', 'server/auth/', 'server/db/', 'server/lib/') && under(ref.target, 'server/features/')
      ? describeRef(ref, 'features build on these, not the other way round')
      : null,
};

const QUERY_CODE = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|with)\(|\bsql(\s*`|\.(raw|join|ref|lit|id|table|val)\b)/;

/** Files that may hold SQL: repositories and the database layer. */
const mayHoldSql = (file: string) => file.endsWith('.repository.ts') || file.startsWith('server/db/');

function sqlOutsideRepositories(files: readonly string[], textOf: (file: string) => string): string[] {
  return files
    .filter((file) => file.startsWith('server/') && !mayHoldSql(file))
    .flatMap((file) =>
      textOf(file)
        .split('\n')
        .flatMap((line, index) => (QUERY_CODE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}

/*
 * Which tables each feature's SQL touches (DESIGN §2: a feature never reads another feature's tables).
 * A table belongs to the feature whose records it holds (the one whose export part lists it), or to
 * core; what a feature needs of another's records comes through that feature's service, and "the
 * child as of now" (latest progress, open milestones, the week's counts) through core/child-now.ts.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'accounts',
  sessions: 'accounts',
  passwordResets: 'accounts',
  children: 'children',
  activities: 'activities',
  contactMessages: 'contact',
  goals: 'goals',
  progressEntries: 'goals',
  strategies: 'strategies',
  strategyGoals: 'strategies',
  medications: 'medications',
  childPeople: 'people',
  observations: 'observations',
  milestones: 'milestones',
  dismissedMilestones: 'milestones',
  storedObjects: 'core',
  documents: 'documents',
  documentGoals: 'documents',
  documentVersions: 'documents',
  childAccess: 'caregivers',
  viewsNoted: 'children',
  invites: 'caregivers',
  inviteChildren: 'caregivers',
  shareLinks: 'core',
  exports: 'account-data',
  notificationSettings: 'notifications',
  milestoneRemindersSent: 'notifications',
  weeklyDigestsSent: 'notifications',
  fundingSources: 'reimbursements',
  expenses: 'reimbursements',
  expenseDocuments: 'reimbursements',
  claims: 'reimbursements',
  claimStatusChanges: 'reimbursements',
  claimPayments: 'reimbursements',
  snapshots: 'snapshots',
  forms: 'forms',
  formLinks: 'forms',
  formResponses: 'forms',
};

/**
 * The places allowed to touch tables they do not own, each table named and each with its reason: a
 * feature (by its folder's name) or a core file. Any other core file may touch only core's tables.
 * The activity feed joins every subject's table, but each table is named by its owner, in its
 * `<f>.feature.ts` `activityTitles` (a `table:` this test reads there); activities.repository.ts names
 * only its own (decision 0102).
 */
const CROSSINGS: { where: string; tables: string[]; why: string }[] = [
  {
    where: 'server/core/child-now.repository.ts',
    tables: ['children', 'activities', 'observations', 'strategies', 'goals', 'progressEntries', 'milestones'],
    why: 'the child as of now, read in one place for the dashboard, the weekly digest, the guide and snapshots',
  },
  {
    where: 'server/core/child-scope.repository.ts',
    tables: ['childAccess', 'children', 'goals'],
    why: "every scoped call checks the caller's access to the child, and that goal ids sent with a record are the child's",
  },
  {
    where: 'server/core/authors.repository.ts',
    tables: ['users', 'childAccess'],
    why: 'who added each record is named from their account',
  },
  {
    where: 'server/core/account-data.repository.ts',
    tables: ['children', 'users'],
    why: "an account's children and its own row, for export and deletion",
  },
  {
    where: 'server/core/activity-log.repository.ts',
    tables: ['activities'],
    why: "every feature's changes are recorded through recordChange",
  },
  {
    where: 'server/core/share-links.repository.ts',
    tables: ['children', 'childAccess'],
    why: 'a link ends with its child, and opens only while its maker still has access',
  },
  {
    where: 'caregivers',
    tables: ['children', 'users', 'activities', 'shareLinks'],
    why: "who has access is shown by name, invitations name their children and are links (core/share-links.ts), and the access log is the activity log's entries about people",
  },
  {
    where: 'children',
    tables: ['childAccess'],
    why: 'the children listed are those the caller has access to, and a new child gives its owner access in the same transaction',
  },
  {
    where: 'documents',
    tables: ['children'],
    why: "a document's account (its child's owner) decides whose turn its processing waits for and the account's upload limit",
  },
  {
    where: 'notifications',
    tables: ['milestones', 'children', 'childAccess', 'users'],
    why: 'the jobs find, across every child, the milestones due on a reminder day and everyone with access who chose the mail, with their address',
  },
];

/** The SQL keywords before a table name in a raw `sql` template, with an alias and more tables after a comma. */
const RAW_TABLES =
  /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]\w*)(?:\s+(?:AS\s+)?(?!(?:WHERE|ON|JOIN|LEFT|INNER|ORDER|GROUP|LIMIT)\b)[a-z_]\w*)?((?:\s*,\s*[a-z_]\w*(?:\s+(?:AS\s+)?[a-z_]\w*)?)*)/gi;
/** kysely's builders and account-data parts name a table as their first string. */
const BUILDER_TABLES =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|(?:inner|left|right|full|cross)Join(?:Lateral)?|using|sql\.table)\(\s*['"`]([A-Za-z_]\w*)|\btable:\s*['"]([A-Za-z_]\w*)['"]/g;
/** A tagged `sql` template, its type argument (which may span lines) included. */
const SQL_TAG = /\bsql(?:<[^`]*?>)?`/g;

/** Each character but a line break, as a space: what is blanked keeps every offset and line of the text. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The template literal starting at `start` (after its backtick) with each `${...}` blanked, and where it ends. */
function templateText(text: string, start: number): { body: string; end: number } {
  let body = '';
  let at = start;
  while (at < text.length && text[at] !== '`') {
    let to = at + 1;
    if (text[at] === '\\') to = at + 2;
    else if (text.startsWith('${', at)) {
      // To just past the brace that closes it, over any template literal inside.
      to = at + 2;
      for (let depth = 1; depth > 0 && to < text.length; to += 1) {
        if (text[to] === '`') to = templateText(text, to + 1).end - 1;
        else if (text[to] === '{') depth += 1;
        else if (text[to] === '}') depth -= 1;
      }
    }
    body += to === at + 1 ? text[at] : blank(text.slice(at, to));
    at = to;
  }
  return { body, end: at + 1 };
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** Each table a file's code names (as kysely spells it: `progressEntries`), with its line. */
function tablesNamedIn(text: string): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  for (const match of text.matchAll(BUILDER_TABLES))
    found.push({ table: (match[1] ?? match[2]) as string, line: lineOf(text, match.index) });
  for (const tag of text.matchAll(SQL_TAG)) {
    const start = tag.index + tag[0].length;
    // String literals and comments in the SQL name no table.
    const body = templateText(text, start).body.replace(/'(?:[^']|'')*'|--[^\n]*/g, blank);
    for (const match of body.matchAll(RAW_TABLES)) {
      const more = (match[2] ?? '').split(',').slice(1);
      for (const name of [match[1] as string, ...more.map((part) => part.trim().split(/\s+/)[0] as string)])
        found.push({ table: camelCase(name), line: lineOf(text, start + match.index) });
    }
  }
  return found;
}

/** Where a file may touch a table it does not own: the feature or core file it is in, if CROSSINGS lists the table there. */
function placeOf(file: string): string | null {
  if (file.startsWith('server/core/')) return file;
  return featureOf(file, 'server/features/');
}

/** Each place where a feature or core file touches a table it does not own and CROSSINGS does not allow. */
function tableCrossings(files: readonly string[], textOf: (file: string) => string, crossings = CROSSINGS): string[] {
  return files.flatMap((file) => {
    const place = placeOf(file);
    if (place === null) return [];
    const own = file.startsWith('server/core/') ? 'core' : place;
    return tablesNamedIn(textOf(file)).flatMap(({ table, line }) => {
      const owner = TABLE_OWNERS[table];
      if (owner === undefined || owner === own) return [];
      if (crossings.some((crossing) => crossing.where === place && crossing.tables.includes(table))) return [];
      return [`${file}:${line}: ${table} belongs to ${owner} (ask its service, or core/child-now.ts for the child as of now)`];
    });
  });
}

/** The tables server/db/schema.ts declares in `Database`. */
const DATABASE_TABLES = [
  ...(readFileSync(path.join(ROOT, 'server/db/schema.ts'), 'utf8').match(/export interface Database \{([\s\S]*?)\n\}/)?.[1] ?? '').matchAll(
    /^\s+(\w+):/gm,
  ),
].map((match) => match[1] as string);

describe('architecture', () => {
  it('finds the code it checks', () => {
    expect(FILES.filter((file) => file.startsWith('client/app/features/')).length).toBeGreaterThan(20);
    expect(FILES.filter((file) => file.startsWith('server/features/')).length).toBeGreaterThan(20);
    expect(IMPORTS.length).toBeGreaterThan(500);
  });

  it.each(Object.entries(RULES))('%s', (_name, rule) => {
    expect(IMPORTS.map(rule).filter((violation) => violation !== null)).toEqual([]);
  });

  it('SQL is written only in repositories and server/db', () => {
    expect(sqlOutsideRepositories(FILES, (file) => TEXTS.get(file) as string)).toEqual([]);
  });

  it("a feature's SQL touches only its own tables, and core only core's, but for the crossings listed", () => {
    expect(tableCrossings(FILES, (file) => TEXTS.get(file) as string)).toEqual([]);
  });

  it('every table has an owner, and every crossing listed is still needed', () => {
    expect(DATABASE_TABLES.length).toBeGreaterThan(20);
    expect(DATABASE_TABLES.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !DATABASE_TABLES.includes(table))).toEqual([]);
    const touched = new Set(
      FILES.flatMap((file) => tablesNamedIn(TEXTS.get(file) as string).map(({ table }) => `${placeOf(file)} ${table}`)),
    );
    const unneeded = CROSSINGS.flatMap(({ where, tables }) =>
      tables.filter((table) => !touched.has(`${where} ${table}`)).map((table) => `${where} ${table}`),
    );
    expect(unneeded).toEqual([]);
  });
});

describe('each side is type-checked with its own runtime', () => {
  const config = (dir: string) =>
    JSON.parse(readFileSync(path.join(ROOT, dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: { lib: string[]; types: string[] } };

  it('the browser has DOM types and no Node types; the server the opposite; shared neither', () => {
    const hasDom = (dir: string) => config(dir).compilerOptions.lib.some((lib) => lib.startsWith('DOM'));
    expect([hasDom('client'), config('client').compilerOptions.types]).toEqual([true, ['vite/client']]);
    expect([hasDom('server'), config('server').compilerOptions.types]).toEqual([false, ['node']]);
    expect([hasDom('shared'), config('shared').compilerOptions.types]).toEqual([false, []]);
    const typecheck = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .typecheck;
    for (const side of ['shared', 'server', 'client']) expect(typecheck).toContain(`-p ${side}`);
  });
});

describe('the lock file', () => {
  // npm ci refuses a lock file that leaves out any platform's optional package (a native binding for
  // macOS or Windows, say). npm install on Linux writes such a lock file, without a word, when the
  // registry lacks one of them for the version chosen; CI then fails before any test runs.
  it('lists every optional package of every package, so npm ci installs from it', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    // Where Node would look for `name` from the package at `at`: its own node_modules, then each enclosing one.
    const candidates = (at: string, name: string) => {
      const found: string[] = [];
      for (let dir = at; dir !== '';) {
        found.push(`${dir}/node_modules/${name}`);
        const cut = dir.lastIndexOf('/node_modules/');
        dir = cut === -1 ? '' : dir.slice(0, cut);
      }
      return [...found, `node_modules/${name}`];
    };
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !candidates(at, name).some((candidate) => candidate in lock.packages))
        .map((name) => `${at} needs ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('architecture rules catch what they forbid', () => {
  /** The names of the rules a made-up file breaks, once per import and rule. */
  const violations = (file: string, text: string) =>
    importsOf(file, text).flatMap((ref) => Object.entries(RULES).flatMap(([name, rule]) => (rule(ref) === null ? [] : [name])));

  it('reads static, multi-line, re-exported, type-only and dynamic imports', () => {
    const refs = importsOf(
      'client/app/features/a/x.tsx',
      [
        "import { one,\n  two } from '../b/y.ts';",
        "import type { T } from '../../../../server/trpc/root.ts';",
        "import { type U, type V } from '#shared/schemas/goal.ts';",
        "export { w } from './z.ts';",
        "const Page = lazy(() => import('../../pages/p.tsx'));",
      ].join('\n'),
    );
    expect(refs.map((ref) => [ref.target ?? ref.specifier, ref.typeOnly])).toEqual([
      ['client/app/features/b/y.ts', false],
      ['server/trpc/root.ts', true],
      ['shared/schemas/goal.ts', true],
      ['client/app/features/a/z.ts', false],
      ['client/app/pages/p.tsx', false],
    ]);
  });

  it('flags each kind of crossing', () => {
    expect(violations('client/app/features/roadmap/x.tsx', "import { y } from '../observations/y.ts';")).toEqual([
      'a client feature never imports another feature or a page',
    ]);
    expect(violations('client/app/features/roadmap/x.tsx', "import { P } from '../../pages/dashboard-page.tsx';")).toEqual([
      'a client feature never imports another feature or a page',
    ]);
    expect(violations('client/site/pages/x.tsx', "import { useAuth } from '../../app/auth/auth-context.tsx';")).toEqual([
      'the public site never imports app code, auth, tRPC or react-query',
    ]);
    expect(violations('client/site/pages/x.tsx', "import { createTRPCReact } from '@trpc/react-query';")).toEqual([
      'the public site never imports app code, auth, tRPC or react-query',
    ]);
    expect(violations('client/lib/x.ts', "import { trpc } from '../app/trpc/trpc.ts';")).toEqual([
      'client/lib and client/components serve both sides and import neither',
    ]);
    expect(violations('client/app/x.ts', "import { appRouter } from '../../server/trpc/root.ts';")).toEqual([
      'the client imports the server only as types',
    ]);
    expect(violations('server/app.ts', "import { x } from '../client/lib/x.ts';")).toEqual(['the server never imports the client']);
    expect(violations('shared/x.ts', "import express from 'express';")).toEqual(['shared imports only shared, zod and superjson']);
    expect(
      violations('server/features/goals/goals.service.ts', "import { list } from '../observations/observations.repository.ts';"),
    ).toEqual(['a server feature reaches another only through a type of its service']);
    expect(
      violations('server/features/goals/goals.service.ts', "import { toObservation } from '../observations/observations.service.ts';"),
    ).toEqual(['a server feature reaches another only through a type of its service']);
    expect(violations('server/rest/x.ts', "import { list } from '../features/goals/goals.repository.ts';")).toEqual([
      'a server feature reaches another only through a type of its service',
    ]);
    expect(violations('server/core/x.ts', "import type { GoalsService } from '../features/goals/goals.service.ts';")).toEqual([
      'core, auth, db and lib depend on no feature',
    ]);
  });

  it('lets the allowed imports through', () => {
    expect(violations('client/app/features/roadmap/x.tsx', "import { y } from './y.ts';\nimport { z } from '../../hooks/z.ts';")).toEqual(
      [],
    );
    expect(
      violations('client/app/pages/dashboard-page.tsx', "import { F } from '../features/observations/quick-observation-form.tsx';"),
    ).toEqual([]);
    expect(violations('client/app/trpc/trpc.ts', "import type { AppRouter } from '../../../server/trpc/root.ts';")).toEqual([]);
    expect(
      violations(
        'server/features/goals/goals.service.ts',
        "import type { ObservationsService } from '../observations/observations.service.ts';",
      ),
    ).toEqual([]);
    expect(violations('server/services.ts', "import { createGoalsService } from './features/goals/goals.service.ts';")).toEqual([]);
  });

  it('finds each way code names a table: builders, joins, export parts, raw SQL with aliases, commas and nested templates', () => {
    const text = [
      "db.selectFrom('goals as g').innerJoin('progressEntries as p', 'p.goalId', 'g.id')",
      ".leftJoin('milestones', 'milestones.childId', 'g.childId'); db.updateTable('strategies'); db.deleteFrom('observations')",
      "trx.insertInto('medications'); exists(selectFrom('childPeople').select('id')); const part = { name: 'x', table: 'documents' };",
      'const rows = sql<{ n: number }>`SELECT count(*) FROM weekly_digests_sent w, notification_settings AS ns',
      "  JOIN child_access a ON a.user_id = ns.user_id WHERE w.note = 'FROM users' -- FROM sessions",
      '  ${sql`AND EXISTS (SELECT 1 FROM invites)`}`;',
      'sql`UPDATE exports SET x = 1`; sql`INSERT INTO share_links (id) VALUES (1)`; sql`DELETE FROM contact_messages`;',
      'sql`SELECT * FROM unnest(${ids}::int[]) AS id, LATERAL (SELECT 1) AS one`;',
    ].join('\n');
    const named = tablesNamedIn(text).filter(({ table }) => table in TABLE_OWNERS);
    expect(named.map(({ table, line }) => `${line} ${table}`)).toEqual([
      '1 goals',
      '1 progressEntries',
      '2 milestones',
      '2 strategies',
      '2 observations',
      '3 medications',
      '3 childPeople',
      '3 documents',
      '4 weeklyDigestsSent',
      '4 notificationSettings',
      '5 childAccess',
      '6 invites',
      '7 exports',
      '7 shareLinks',
      '7 contactMessages',
    ]);
  });

  it('flags a table a feature does not own, and lets its own tables and a listed crossing through', () => {
    const file = 'server/features/milestones/milestones.repository.ts';
    const text = "db.selectFrom('dismissedMilestones');\nconst rows = sql`SELECT value FROM progress_entries WHERE goal_id = ${id}`;\n";
    expect(tableCrossings([file], () => text)).toEqual([
      `${file}:2: progressEntries belongs to goals (ask its service, or core/child-now.ts for the child as of now)`,
    ]);
    expect(tableCrossings([file], () => text, [{ where: 'milestones', tables: ['progressEntries'], why: 'made up' }])).toEqual([]);
    // The dashboard's counts as they were read before core/child-now.ts, and an export part naming another feature's table.
    const counts =
      'const { rows } = await sql<{\n  thisWeek: number;\n}>`SELECT (SELECT count(*) FROM observations WHERE child_id = ${childId})::int AS this_week`';
    expect(tableCrossings(['server/features/dashboard/dashboard.repository.ts'], () => counts)).toHaveLength(1);
    expect(tableCrossings(['server/features/goals/goals.account-data.ts'], () => "{ name: 'o', table: 'observations' }")).toHaveLength(1);
    // Core touches its own tables freely, and a feature's only where listed.
    expect(tableCrossings(['server/core/x.repository.ts'], () => "db.selectFrom('storedObjects')")).toEqual([]);
    expect(tableCrossings(['server/core/x.repository.ts'], () => "db.selectFrom('goals')")).toHaveLength(1);
    expect(tableCrossings(['server/core/child-now.repository.ts'], () => "db.selectFrom('goals')")).toEqual([]);
  });

  it('finds SQL outside a repository', () => {
    const text = "const rows = await db.selectFrom('goals').selectAll().execute();\nconst n = sql`select 1`;";
    expect(sqlOutsideRepositories(['server/features/goals/goals.service.ts'], () => text)).toHaveLength(2);
    expect(sqlOutsideRepositories(['server/features/goals/goals.repository.ts'], () => text)).toEqual([]);
  });
});
