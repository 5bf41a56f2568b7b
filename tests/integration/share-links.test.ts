/**
 * A caller that is a link (issue 25, decisions 0089 and 0090): a test-only operation declared with
 * `security: 'link'` through the real operation() and mountOperations(), inside the real app (its request
 * log and error handler), over real links made by core/share-links.ts, on each engine.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenLinkPurpose } from '#shared/schemas/share-links.ts';
import { checkChildScope } from '../../server/core/child-scope.ts';
import { newLinkToken } from '../../server/core/link-tokens.ts';
import { createLink, grantedId, LINK_NOT_VALID, revokeLink, type LinkGrant } from '../../server/core/share-links.ts';
import { openDatabase } from '../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../server/db/migrate.ts';
import { buildOpenApiDocument } from '../../server/rest/openapi.ts';
import { mountOperations, operation, type RestOperation, type Success } from '../../server/rest/operation.ts';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import { tokenOf } from '../helpers/caregivers.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type Parent = Awaited<ReturnType<typeof signUpParentWithChild>>;

/**
 * What a snapshot page would do with its link: read the one observation the link grants, of the link's
 * child. It answers what it was given, so a test sees that no person and no child scope came with it.
 */
function openObservation(server: () => TestServer, purpose: OpenLinkPurpose = 'snapshot'): RestOperation {
  return operation({
    operationId: `testOpen-${purpose}`,
    method: 'post',
    path: `/api/test-links/${purpose}`,
    // Described here: the document builder wants a description for every tag it is given.
    tag: { name: 'Test links', description: 'Test only' },
    summary: 'Test only: the observation a link grants',
    security: 'link',
    linkPurpose: purpose,
    child: false,
    success: [{ status: 200, description: 'The observation' }],
    handle: async ({ link, userId, scope }) => {
      const observation = await server()
        .db.selectFrom('observations')
        .select(['id', 'what'])
        .where('id', '=', grantedId(link, 'observation'))
        .where('childId', '=', link.childId)
        .executeTakeFirst();
      return { childId: link.childId, grant: link.grant, observation, userId, scope: scope ?? null };
    },
  });
}

/** The test operations, mounted below `/link-test` (with a roomy limit) and `/link-tight` (3 a minute). */
function testRoutes(server: () => TestServer) {
  const limits = { '/link-test': 10_000, '/link-tight': 3 };
  const routers = new Map<string, express.Router>();
  // As the app does below /api: a bearer token, when sent, names the person (who is not the caller here).
  const identify: RequestHandler = async (req, res, next) => {
    res.locals.userId = await server().auth.userId(req);
    next();
  };
  return {
    mount(app: express.Express) {
      for (const prefix of Object.keys(limits)) {
        app.use(prefix, identify, express.json(), (req, res, next) => routers.get(prefix)?.(req, res, next));
      }
    },
    /** Mounts the operations over the running server's services (the app is built before they exist). */
    ready() {
      const operations = [openObservation(server), openObservation(server, 'form-fill')];
      for (const [prefix, limit] of Object.entries(limits)) {
        const router = express.Router();
        const rateLimits = createRateLimiters({ ...DEFAULT_RATE_LIMITS, linkPerIp: { limit, windowMs: 60_000 } });
        mountOperations(router, operations, server().services, rateLimits);
        routers.set(prefix, router);
      }
    },
  };
}

describe.each(ENGINES)('share links on %s', (engine) => {
  let server: TestServer;
  let clock = Date.now();
  const routes = testRoutes(() => server);
  const open = (
    token: unknown,
    purpose: OpenLinkPurpose = 'snapshot',
    options: { prefix?: string; query?: string; extra?: object; bearer?: string } = {},
  ) =>
    api(server, 'POST', `${options.prefix ?? '/link-test'}/test-links/${purpose}${options.query ?? ''}`, {
      json: { token, ...options.extra },
      token: options.bearer,
    });

  /** A note on the parent's child and a link to it, made as the parent (an owner) at the clock's time. */
  const note = async (parent: Parent, what: string) => (await parent.call('POST', '/observations', { what })).body.id as number;
  const linkTo = async (
    userId: string,
    childId: number,
    grant: LinkGrant,
    options: { purpose?: OpenLinkPurpose; singleUse?: boolean; expiresAt?: Date } = {},
  ) => {
    const scope = await checkChildScope(server.db, userId, childId, 'viewer');
    return createLink(
      server.db,
      scope,
      { purpose: options.purpose ?? 'snapshot', grant, singleUse: options.singleUse ?? false, expiresAt: options.expiresAt },
      new Date(clock),
    );
  };
  const linkRow = (id: number) => server.db.selectFrom('shareLinks').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock), mountClient: (app) => routes.mount(app) });
    routes.ready();
  });
  afterAll(() => server?.close());

  it('a link opens its own record and nothing else: not another of the child\u2019s, not another child\u2019s', async () => {
    const parent = await signUpParentWithChild(server);
    const sibling = (await parent.call('POST', '/children', { firstName: 'Leo', dateOfBirth: '2019-01-10' })).body.id as number;
    const shared = await note(parent, 'Read a whole chapter aloud');
    const kept = await note(parent, 'A note not shared');
    const siblingsNote = (
      await api(server, 'POST', `/api/observations?childId=${sibling}`, { token: parent.token, json: { what: 'Leo\u2019s note' } })
    ).body.id as number;
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared });

    // The link's own record, and nobody's account or child scope with it, even when a signed-in person holds it.
    const opened = await open(link.token, 'snapshot', { bearer: parent.token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      childId: parent.childId,
      grant: { type: 'observation', id: shared },
      observation: { id: shared, what: 'Read a whole chapter aloud' },
      userId: null,
      scope: null,
    });
    // The caller cannot name another record, nor another child.
    const another = await open(link.token, 'snapshot', { extra: { id: kept } });
    expect(expectApiError(another, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'id', message: 'Unknown field "id"' }]);
    const elsewhere = await open(link.token, 'snapshot', { query: `?childId=${sibling}&id=${siblingsNote}` });
    expect(elsewhere.body.observation).toEqual({ id: shared, what: 'Read a whole chapter aloud' });
    // A link to the sibling's note opens that note alone; a link made for a form opens no snapshot.
    const toSibling = await linkTo(parent.userId, sibling, { type: 'observation', id: siblingsNote });
    expect((await open(toSibling.token)).body).toMatchObject({ childId: sibling, observation: { id: siblingsNote } });
    const formLink = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared }, { purpose: 'form-fill' });
    expect(expectApiError(await open(formLink.token, 'snapshot'), 404, 'NOT_FOUND').message).toBe(LINK_NOT_VALID);
    expect((await open(formLink.token, 'form-fill')).status).toBe(200);
    // A link to another kind of record is no way to an observation, even with the same id.
    const toGoal = await linkTo(parent.userId, parent.childId, { type: 'goal', id: shared });
    expect(expectApiError(await open(toGoal.token), 404, 'NOT_FOUND').message).toBe(LINK_NOT_VALID);
  });

  it('an unknown or cancelled link is a 404; a mangled one a 400; an invitation\u2019s token opens nothing here', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Shared then turned off');
    expect(expectApiError(await open(newLinkToken().token), 404, 'NOT_FOUND').message).toBe(LINK_NOT_VALID);
    expect(expectApiError(await open('abc'), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'token', message: 'This link is not complete. Copy the whole link and try again.' },
    ]);
    // The token in the query string is not read: the body must carry it.
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared });
    expect((await api(server, 'POST', `/link-test/test-links/snapshot?token=${link.token}`, { json: {} })).status).toBe(400);

    expect((await open(link.token)).status).toBe(200);
    const scope = await checkChildScope(server.db, parent.userId, parent.childId, 'owner');
    await revokeLink(server.db, scope, link.id, new Date(clock));
    expect(expectApiError(await open(link.token), 404, 'NOT_FOUND').message).toBe(
      'This link was turned off. Ask the person who sent it for a new one.',
    );
    await expect(revokeLink(server.db, scope, link.id, new Date(clock))).rejects.toThrow('Link not found');

    const someone = await signUpParent(server);
    const { link: invitation } = (
      await parent.call('POST', '/invites', { email: someone.email, role: 'viewer', childIds: [parent.childId] })
    ).body;
    expect(expectApiError(await open(tokenOf(invitation)), 404, 'NOT_FOUND').message).toBe(LINK_NOT_VALID);
  });

  it('after its expiry (the clock moved, not waited for) a link answers 410 saying when; just before, it opens', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Shared for a week');
    const expiresAt = new Date(Date.UTC(2030, 11, 4, 12));
    const started = clock;
    clock = expiresAt.getTime() - 7 * DAY_MS;
    try {
      const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared }, { expiresAt });
      clock = expiresAt.getTime() - 1;
      expect((await open(link.token)).status).toBe(200);
      clock = expiresAt.getTime();
      expect(expectApiError(await open(link.token), 410, 'GONE').message).toBe(
        'This link expired on December 4, 2030. Ask the person who sent it for a new one.',
      );
    } finally {
      clock = started;
    }
  });

  it('a single-use link opens once; the second time it answers 410 saying it was used', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Once only');
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared }, { singleUse: true });
    expect((await open(link.token)).status).toBe(200);
    expect(expectApiError(await open(link.token), 410, 'GONE').message).toBe(
      'This link was already used. It works once: ask the person who sent it for a new one.',
    );
    expect(await linkRow(link.id)).toMatchObject({ uses: 1, lastOpenedAt: new Date(clock) });
  });

  it('a link is made for at most its purpose\u2019s days, by an owner, and stops when its maker can no longer share', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Shared by a co-parent');
    const grant = { type: 'observation', id: shared };
    await expect(linkTo(parent.userId, parent.childId, grant, { expiresAt: new Date(clock + 31 * DAY_MS) })).rejects.toThrow(
      'Some fields need attention',
    );
    await expect(linkTo(parent.userId, parent.childId, grant, { expiresAt: new Date(clock) })).rejects.toThrow(
      'Some fields need attention',
    );
    const made = await linkTo(parent.userId, parent.childId, grant);
    expect(made.expiresAt).toEqual(new Date(clock + 30 * DAY_MS));

    const coParent = await signUpParent(server);
    const { link: invitation } = (
      await parent.call('POST', '/invites', { email: coParent.email, role: 'owner', childIds: [parent.childId] })
    ).body;
    await api(server, 'POST', '/api/invites/accept', { token: coParent.token, json: { token: tokenOf(invitation) } });
    const theirs = await linkTo(coParent.userId, parent.childId, grant);
    expect((await open(theirs.token)).status).toBe(200);
    const entry = ((await parent.call('GET', '/caregivers')).body.caregivers as { id: number; email: string }[]).find(
      (caregiver) => caregiver.email === coParent.email,
    );
    expect(
      (
        await api(server, 'PUT', `/api/caregivers/${entry?.id}?childId=${parent.childId}`, {
          token: parent.token,
          json: { role: 'viewer' },
        })
      ).status,
    ).toBe(200);
    expect(expectApiError(await open(theirs.token), 404, 'NOT_FOUND').message).toBe(
      'The person who sent this link can no longer share this record, so it no longer works.',
    );
    // A viewer cannot make one.
    await expect(linkTo(coParent.userId, parent.childId, grant)).rejects.toThrow('Only an owner of this child\u2019s record can share it.');
    expect((await open(made.token)).status).toBe(200);
  });

  it('every open is in the child\u2019s audit log, with no person as its actor; the activity feed leaves it out', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Opened twice');
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared });
    await open(link.token);
    await open(link.token);
    const audit = (await parent.call('GET', '/audit')).body as { action: string; actor: unknown; subjectType: string; subjectId: number }[];
    expect(audit.filter((entry) => entry.action === 'link.opened')).toEqual([
      expect.objectContaining({ actor: null, subjectType: 'link', subjectId: link.id }),
      expect.objectContaining({ actor: null, subjectType: 'link', subjectId: link.id }),
    ]);
    expect(await linkRow(link.id)).toMatchObject({ uses: 2 });
    const feed = (await parent.call('GET', '/activities')).body as { action: string }[];
    expect(feed.map((entry) => entry.action)).not.toContain('link.opened');
  });

  it('the token is never in a path the server logs', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Logged without its token');
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared });
    const before = server.logLines.length;
    expect((await open(link.token)).status).toBe(200);
    await api(server, 'POST', `/link-test/test-links/snapshot?token=${link.token}`, { json: {} });
    const lines = server.logLines.slice(before);
    expect(lines.filter((line) => line.includes('"path":"/link-test/test-links/snapshot"'))).toHaveLength(2);
    expect(lines.join('')).not.toContain(link.token);
  });

  it('deleting the child ends its links (the row is gone); deleting the account ends every link it made', async () => {
    const parent = await signUpParentWithChild(server);
    const shared = await note(parent, 'Gone with the child');
    const link = await linkTo(parent.userId, parent.childId, { type: 'observation', id: shared });
    expect((await api(server, 'DELETE', `/api/children/${parent.childId}`, { token: parent.token })).status).toBe(200);
    expect(expectApiError(await open(link.token), 404, 'NOT_FOUND').message).toBe(LINK_NOT_VALID);
    expect(await linkRow(link.id)).toBeUndefined();

    // An account made links to its own child and, as an owner invited by another family, to theirs.
    const doomed = await signUpParentWithChild(server);
    const other = await signUpParentWithChild(server);
    const { link: invitation } = (await other.call('POST', '/invites', { email: doomed.email, role: 'owner', childIds: [other.childId] }))
      .body;
    await api(server, 'POST', '/api/invites/accept', { token: doomed.token, json: { token: tokenOf(invitation) } });
    const own = await linkTo(doomed.userId, doomed.childId, { type: 'observation', id: await note(doomed, 'Mine') });
    const toTheirs = await linkTo(doomed.userId, other.childId, { type: 'observation', id: await note(other, 'Theirs') });
    const othersOwn = await linkTo(other.userId, other.childId, { type: 'observation', id: await note(other, 'Still shared') });
    const sent = (await doomed.call('POST', '/invites', { email: 'pending@example.com', role: 'viewer', childIds: [doomed.childId] })).body;
    expect((await api(server, 'DELETE', '/api/account', { token: doomed.token, json: { confirm: 'DELETE' } })).status).toBe(200);
    const left = await server.db
      .selectFrom('shareLinks')
      .select('id')
      .where((eb) => eb.or([eb('createdBy', '=', doomed.userId), eb('childId', '=', doomed.childId)]))
      .execute();
    expect(left).toEqual([]);
    for (const token of [own.token, toTheirs.token]) expect((await open(token)).status).toBe(404);
    expect(await server.db.selectFrom('invites').select('id').where('id', '=', sent.invite.id).execute()).toEqual([]);
    expect((await open(othersOwn.token)).status).toBe(200);
  });

  it('an invitation\u2019s link lives in the same table: only its hash, one use once accepted, cancelled with it', async () => {
    const parent = await signUpParentWithChild(server);
    const someone = await signUpParent(server);
    const created = (await parent.call('POST', '/invites', { email: someone.email, role: 'viewer', childIds: [parent.childId] })).body;
    const row = () =>
      server.db
        .selectFrom('shareLinks')
        .selectAll()
        .where('purpose', '=', 'invite')
        .where('grantId', '=', created.invite.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    expect(before).toMatchObject({
      childId: null,
      grantType: 'invite',
      createdBy: parent.userId,
      singleUse: true,
      uses: 0,
      revokedAt: null,
    });
    expect(before.expiresAt).toEqual(new Date(created.invite.expiresAt));
    expect(before.tokenHash).not.toBe(tokenOf(created.link));
    await api(server, 'POST', '/api/invites/accept', { token: someone.token, json: { token: tokenOf(created.link) } });
    expect(await row()).toMatchObject({ uses: 1, lastOpenedAt: expect.any(Date) });

    const cancelled = (await parent.call('POST', '/invites', { email: 'later@example.com', role: 'viewer', childIds: [parent.childId] }))
      .body;
    expect((await parent.call('DELETE', `/invites/${cancelled.invite.id}`)).status).toBe(200);
    const link = await server.db
      .selectFrom('shareLinks')
      .select('revokedAt')
      .where('purpose', '=', 'invite')
      .where('grantId', '=', cancelled.invite.id)
      .executeTakeFirstOrThrow();
    expect(link.revokedAt).toEqual(new Date(clock));
  });

  it('the link operations share one limit per address: past it, 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await open(newLinkToken().token, 'snapshot', { prefix: '/link-tight' })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await open(newLinkToken().token, 'form-fill', { prefix: '/link-tight' });
    expectApiError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('a link operation in the OpenAPI document', () => {
  it('takes the token in its body, and answers 404, 410 and 429 without declaring them', () => {
    const document = buildOpenApiDocument([openObservation(() => null as never)]) as any;
    const described = document.paths['/api/test-links/snapshot'].post;
    expect(described.security).toEqual([]);
    expect(described.parameters).toBeUndefined();
    expect(described.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LinkToken' });
    expect(document.components.schemas.LinkToken).toMatchObject({ required: ['token'], additionalProperties: false });
    expect(Object.keys(described.responses).sort()).toEqual(['200', '400', '404', '410', '413', '415', '429', '503']);
    expect(described.responses['404']).toEqual({ $ref: '#/components/responses/LinkNotFound' });
    expect(described.responses['410']).toEqual({ $ref: '#/components/responses/Gone' });
    expect(described.description).toContain('`token` in the JSON body');
  });

  it('types the declaration: a link operation is a POST with a purpose, and only it gets a link', () => {
    const declared = { operationId: 'x', path: '/api/x', tag: 'Caregivers', summary: 'x', child: false, success: [] as Success[] } as const;
    const declarations = [
      // @ts-expect-error a link operation's token travels in a POST body
      operation({ ...declared, method: 'get', security: 'link', linkPurpose: 'snapshot', handle: ({ link }) => link.grant }),
      // @ts-expect-error a link operation names the purpose of the links that open it
      operation({ ...declared, method: 'post', security: 'link', handle: ({ link }) => link.grant }),
      // @ts-expect-error an operation for a signed-in person is given no link
      operation({ ...declared, method: 'post', security: 'bearer', handle: ({ link }) => link.grant }),
    ];
    expect(declarations).toHaveLength(3);
  });

  it('refuses to mount a link operation whose token could travel elsewhere', () => {
    const bad = { ...openObservation(() => null as never), method: 'get' } as RestOperation;
    const limits = createRateLimiters(DEFAULT_RATE_LIMITS);
    expect(() => mountOperations(express.Router(), [bad], {} as never, limits)).toThrow(/a link operation is a JSON POST/);
  });
});

describe('the share links migration', () => {
  const earlier = mkdtempSync(path.join(tmpdir(), 'trelli-share-links-'));
  afterAll(() => rmSync(earlier, { recursive: true, force: true }));

  it('moves each invitation\u2019s token hash, expiry and cancellation to its link, and counts an accepted one as used', async () => {
    for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < '20261127110000')) {
      cpSync(path.join(MIGRATIONS_DIR, file), path.join(earlier, file));
    }
    const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      await migrateToLatest(db, earlier);
      await sql`insert into users (id, email, password_hash) values ('u1', 'a@example.com', 'x'), ('u2', 'b@example.com', 'y')`.execute(db);
      await sql`insert into invites (token_hash, email, role, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at) values
        ('hash-open', 'c@example.com', 'viewer', 'u1', '2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z', null, null, null),
        ('hash-accepted', 'b@example.com', 'owner', 'u1', '2026-11-02T00:00:00Z', '2026-11-09T00:00:00Z', '2026-11-03T00:00:00Z', 'u2', null),
        ('hash-cancelled', 'd@example.com', 'updater', 'u1', '2026-11-04T00:00:00Z', '2026-11-11T00:00:00Z', null, null, '2026-11-05T00:00:00Z')`.execute(
        db,
      );

      expect(await migrateToLatest(db)).toContain('20261127110000_share_links');
      const links = await db.selectFrom('shareLinks').selectAll().orderBy('grantId').execute();
      const invites = await db.selectFrom('invites').select(['id', 'email']).orderBy('id').execute();
      expect(
        links.map(
          ({ purpose, childId, grantType, grantId, tokenHash, createdBy, expiresAt, revokedAt, singleUse, uses, lastOpenedAt }) => ({
            purpose,
            childId,
            grantType,
            grantId,
            tokenHash,
            createdBy,
            expiresAt,
            revokedAt,
            singleUse,
            uses,
            lastOpenedAt,
          }),
        ),
      ).toEqual([
        {
          purpose: 'invite',
          childId: null,
          grantType: 'invite',
          grantId: invites[0]?.id,
          tokenHash: 'hash-open',
          createdBy: 'u1',
          expiresAt: new Date('2026-11-08T00:00:00Z'),
          revokedAt: null,
          singleUse: true,
          uses: 0,
          lastOpenedAt: null,
        },
        {
          purpose: 'invite',
          childId: null,
          grantType: 'invite',
          grantId: invites[1]?.id,
          tokenHash: 'hash-accepted',
          createdBy: 'u1',
          expiresAt: new Date('2026-11-09T00:00:00Z'),
          revokedAt: null,
          singleUse: true,
          uses: 1,
          lastOpenedAt: new Date('2026-11-03T00:00:00Z'),
        },
        {
          purpose: 'invite',
          childId: null,
          grantType: 'invite',
          grantId: invites[2]?.id,
          tokenHash: 'hash-cancelled',
          createdBy: 'u1',
          expiresAt: new Date('2026-11-11T00:00:00Z'),
          revokedAt: new Date('2026-11-05T00:00:00Z'),
          singleUse: true,
          uses: 0,
          lastOpenedAt: null,
        },
      ]);
      const { rows } = await sql<{
        column: string;
      }>`select column_name as column from information_schema.columns where table_name = 'invites' order by 1`.execute(db);
      expect(rows.map((row) => row.column)).toEqual(['accepted_at', 'accepted_by', 'created_at', 'email', 'id', 'invited_by', 'role']);
    } finally {
      await db.destroy();
    }
  });
});
