/**
 * GET /api/openapi.json as an external developer's tools see it: valid OpenAPI 3.1, clean under
 * Redocly's recommended rules, and describing every REST route the server mounts, in both auth modes.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type LayerLike } from '../helpers/express-routes.ts';
import { expressAppOf } from '../helpers/integration-kit.ts';
import { api, startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
}

/** Where Redocly's recommended rules may warn, and why; anything else fails. */
const ACCEPTED_WARNINGS = [
  // These two answer from configuration alone: there is no 4XX they could give.
  'operation-4xx-response #/paths/~1api~1feature-flags/get/responses',
  'operation-4xx-response #/paths/~1api~1clerk-config/get/responses',
];

/** Routes under /api that are not REST operations of the document: the document and its reference page. */
const NOT_OPERATIONS = ['GET /api/openapi.json', 'GET /api/docs'];

const PUBLISHABLE_KEY = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;

async function clerkSettings(): Promise<NonNullable<TestServerOptions['clerk']>> {
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { publishableKey: PUBLISHABLE_KEY, secretKey: 'sk_test_x', jwtKey: await exportSPKI(publicKey), authorizedParties: [] };
}

function operationsOf(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

describe.each([
  { mode: 'built-in accounts', clerk: false },
  { mode: 'Clerk', clerk: true },
])('the OpenAPI document with $mode', ({ clerk }) => {
  let server: TestServer;
  let doc: Document;
  let text: string;

  beforeAll(async () => {
    server = await startTestServer({ engine: 'pglite', clerk: clerk ? await clerkSettings() : undefined });
    const response = await api(server, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    doc = response.body;
    text = JSON.stringify(doc);
  });
  afterAll(() => server.close());

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes Redocly\u2019s recommended rules with no error and no warning beyond the accepted ones', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const found = problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`);
    expect(found.filter((line) => line.startsWith('error'))).toEqual([]);
    const warnings = found.filter((line) => line.startsWith('warn')).map((line) => line.slice('warn '.length));
    expect(warnings.filter((line) => !ACCEPTED_WARNINGS.includes(line))).toEqual([]);
  });

  it('resolves: every $ref points at something in the document', () => {
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1] as string);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('describes every REST route the server mounts, and nothing it does not', () => {
    const app = expressAppOf(server) as unknown as { router: { stack: LayerLike[] } };
    const mounted = routesOf(app.router.stack)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !NOT_OPERATIONS.some((page) => route.startsWith(page)));
    const documented = operationsOf(doc).map(([name]) => name);
    expect([...documented].sort()).toEqual([...new Set(mounted)].sort());
    expect(documented.some((name) => name.startsWith('POST /api/auth/'))).toBe(!clerk);
  });

  it('names each operation once, and gives it a summary, a tag and its security', () => {
    const ids = operationsOf(doc).map(([, op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, op] of operationsOf(doc)) {
      expect(op.summary, name).toBeTruthy();
      expect(op.tags?.length, name).toBe(1);
      expect(Array.isArray(op.security), name).toBe(true);
      const expected = name.includes('/api/auth/token') || name.includes('/api/auth/sign-out') ? 'sessionCookie' : 'bearerAuth';
      const isPublic = ['/api/feature-flags', '/api/clerk-config', '/api/contact', '/api/auth/sign-up', '/api/auth/sign-in'].some((path) =>
        name.endsWith(` ${path}`),
      );
      const security = expected === 'sessionCookie' ? [{ sessionCookie: [] }, {}] : [{ bearerAuth: [] }];
      expect(op.security, name).toEqual(isPublic ? [] : security);
    }
  });

  it('declares every path parameter, and childId on every child-scoped path', () => {
    for (const [name, op] of operationsOf(doc)) {
      const inPath = [...name.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(op.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name) ?? [], name).toEqual(inPath);
      const childScoped = /\/api\/(observations|goals|strategies|milestones|activities|dashboard)/.test(name);
      expect(op.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'childId') ?? false, name).toBe(childScoped);
    }
  });

  it('answers every error in the error shape, with the statuses a client meets', () => {
    for (const [name, op] of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4') && !status.startsWith('5')) continue;
        const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').at(-1) as string] : response;
        expect(resolved?.content?.['application/json']?.schema.$ref, `${name} ${status}`).toBe('#/components/schemas/Error');
      }
      const statuses = Object.keys(op.responses);
      if (!/feature-flags|clerk-config/.test(name)) expect(statuses, name).toContain('503');
      if (/^(POST|PUT|PATCH) /.test(name)) expect(statuses, name).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });
});
