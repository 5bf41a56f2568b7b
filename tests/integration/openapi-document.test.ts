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
    if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
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
    const dangling = [...new Set(refs)].filter(
      (ref) =>
        ref
          .slice(2)
          .split('/')
          .reduce<unknown>(
            (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
            doc,
          ) === undefined,
    );
    expect(dangling).toEqual([]);
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
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const problems = operationsOf(doc).flatMap(([name, op]) => {
      const cookie = name.endsWith(' /api/auth/token') || name.endsWith(' /api/auth/sign-out');
      const isPublic = [
        '/api/feature-flags',
        '/api/clerk-config',
        '/api/contact',
        '/api/auth/sign-up',
        '/api/auth/sign-in',
        '/api/auth/password-reset',
        '/api/auth/password-reset/complete',
        // A share link's operations: the token travels in the body (decision 0089).
        '/api/shared/snapshot',
        '/api/shared/snapshot/pdf',
        '/api/shared/snapshot/photo',
        '/api/forms/fill',
        '/api/forms/fill/answers',
      ].some((path) => name.endsWith(` ${path}`));
      const security = isPublic ? [] : cookie ? [{ sessionCookie: [] }, {}] : [{ bearerAuth: [] }];
      return [
        ...(op.summary ? [] : [`${name}: no summary`]),
        ...(op.tags?.length === 1 ? [] : [`${name}: not one tag`]),
        ...(JSON.stringify(op.security) === JSON.stringify(security) ? [] : [`${name}: security ${JSON.stringify(op.security)}`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('declares every path parameter, and childId on every child-scoped path', () => {
    const problems = operationsOf(doc).flatMap(([name, op]) => {
      const inPath = [...name.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = op.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name) ?? [];
      // Every record of a child, who has access to it and its audit log, and the guide's suggestions for it; the
      // storage meter is the parent's, across children; an invitation names its children in its body, and is
      // cancelled for one child; a letter is about no child, nor a form's fill operations.
      const childScoped =
        (/\/api\/(observations|goals|strategies|milestones|activities|dashboard|documents|medications|people|caregivers|audit|guide|funding-sources|expense|claims|reimbursements|snapshots|snapshot-links|forms|form-links|form-responses)/.test(
          name,
        ) &&
          !name.endsWith('/api/documents/usage') &&
          // A fill link's operations: the link names the child.
          !/\/api\/forms\/fill/.test(name)) ||
        name === 'DELETE /api/invites/{id}';
      const hasChildId = op.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'childId') ?? false;
      return [
        ...(JSON.stringify(declared) === JSON.stringify(inPath) ? [] : [`${name}: path parameters ${declared.join(', ')}`]),
        ...(hasChildId === childScoped ? [] : [`${name}: childId ${hasChildId ? 'declared' : 'missing'}`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('answers every error in the error shape, with the statuses a client meets', () => {
    const problems = operationsOf(doc).flatMap(([name, op]) => {
      const statuses = Object.keys(op.responses);
      const notErrorShape = Object.entries(op.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => {
          const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').at(-1) as string] : response;
          return resolved?.content?.['application/json']?.schema.$ref !== '#/components/schemas/Error';
        })
        .map(([status]) => `${name} ${status}: not the error shape`);
      const needed = [
        ...(/feature-flags|clerk-config/.test(name) ? [] : ['503']),
        ...(/^(POST|PUT|PATCH) /.test(name) ? ['400', '413', '415'] : []),
      ];
      return [...notErrorShape, ...needed.filter((status) => !statuses.includes(status)).map((status) => `${name}: no ${status}`)];
    });
    expect(problems).toEqual([]);
  });
});
