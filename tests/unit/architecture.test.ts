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

  it('finds SQL outside a repository', () => {
    const text = "const rows = await db.selectFrom('goals').selectAll().execute();\nconst n = sql`select 1`;";
    expect(sqlOutsideRepositories(['server/features/goals/goals.service.ts'], () => text)).toHaveLength(2);
    expect(sqlOutsideRepositories(['server/features/goals/goals.repository.ts'], () => text)).toEqual([]);
  });
});
