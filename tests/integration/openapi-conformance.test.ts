/**
 * The server against its own OpenAPI document, as an external client's tools would hold it to it.
 * Every operation the live document lists gets seeded valid and invalid requests with a real
 * parent's token and real record ids; every answer must be a status the operation documents, a
 * body its schema accepts (errors in the error shape), the headers it says are required, never a
 * 5xx, and no table may change on a 4xx. Nothing below names a path: a new REST path is covered
 * as soon as the document lists it. Decision 0037 explains the choices.
 *
 * Replay a failure with CONFORMANCE_SEED=<seed printed in the message>.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import {
  api,
  signUpParent,
  signUpParentWithChild,
  startTestServer,
  TEST_PASSWORD,
  uploadDocument,
  type TestServer,
} from '../helpers/test-server.ts';
import { tokenOf } from '../helpers/caregivers.ts';
import {
  dereference,
  createDocumentValidator,
  documentedResponse,
  jsonMediaType,
  operationsOf,
  pointerOf,
  type DocumentValidator,
  type OpenApiDocument,
  type Operation,
  type SecurityScheme,
} from '../helpers/openapi-document.ts';
import {
  cookiesFrom,
  credentialHeaders,
  forgedCredentials,
  fromQueryString,
  invalidBodies,
  ruleBreakers,
  seededRandom,
  toQueryString,
  validValue,
  type Actor,
} from '../helpers/openapi-requests.ts';
import { applicationTables, changedTables, tableFingerprint } from '../helpers/table-fingerprint.ts';
import { LETTER_LIMITS } from '#shared/schemas/guide.ts';

const SEED = Number(process.env.CONFORMANCE_SEED ?? 20_261_124);
const VALID_PER_OPERATION = 12;
/** Rule-breaking bodies per operation besides one per missing required field. */
const INVALID_BODIES_PER_OPERATION = 20;
const BREAKERS_PER_QUERY_PARAMETER = 2;
/** Operations (with a body) that also get one body over the server's limit. */
const OVERSIZE_OPERATIONS = 4;
const OVERSIZE_BYTES = 1024 * 1024 + 1024;
/** A well-formed id no record has. */
const ABSENT_ID = '2147483000';
const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART = 'multipart/form-data';

/** Real files for multipart uploads (a valid upload sends one of the first three). */
const FILES_DIR = join(import.meta.dirname, '../fixtures/documents');
const file = (name: string) => ({ name, bytes: readFileSync(join(FILES_DIR, name)) });
const UPLOAD_FILES = [file('picture.png'), file('iep-sample.pdf'), file('notes.txt')];
const THUMBNAILED_FILES = UPLOAD_FILES.slice(0, 2);

type Category = '5xx' | 'undocumented status' | 'schema mismatch' | 'write on 4xx' | 'invalid accepted';

interface PlannedRequest {
  kind: 'valid' | 'invalid';
  why: string;
  operation: Operation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
  /** A multipart body: its fields (each value sent as text, a list as repeated fields), then `file` when there is one. */
  form?: { fields: Record<string, unknown>; file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null };
}

function formDataOf(form: NonNullable<PlannedRequest['form']>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item === null ? '' : String(item));
  }
  if (form.file) data.append('file', new Blob([form.file.bytes]), form.file.name);
  return data;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

interface Party extends Actor {
  label: string;
  email: string;
  userId: string;
  childId: number;
  /** Shared record ids by filled path prefix (`/api/goals/7/progress`). */
  fixtures: Map<string, string | undefined>;
}

const truncate = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);

/** A JSON body for a report: long strings shortened to their ends and length (odd text is added at the end), so every field stays in view. */
function describeBody(body: string | undefined): string {
  if (body === undefined) return '(none)';
  try {
    return JSON.stringify(JSON.parse(body), (_key, value: unknown) =>
      typeof value === 'string' && value.length > 40 ? `${value.slice(0, 12)}…${value.slice(-8)} (${value.length} chars)` : value,
    );
  } catch {
    return truncate(body, 80);
  }
}

/** Request headers for a report, credentials named but not shown. */
const describeHeaders = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(
      ([name, value]) =>
        `${name}: ${name === 'authorization' || name === 'cookie' ? (value.includes('forged') || value.includes('not.a-real') ? value : '<valid>') : value}`,
    )
    .join(', ') || 'none';

function urlOf(request: PlannedRequest): string {
  const path = request.operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(request.pathParams[name] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

interface RunOptions {
  /** Which operations to exercise (all by default). */
  only?: (operation: Operation) => boolean;
  validPerOperation: number;
  invalid: boolean;
  seed: number;
}

/** One conformance run against a started server. */
async function runConformance(server: TestServer, options: RunOptions) {
  const documentAnswer = await api<OpenApiDocument>(server, 'GET', '/api/openapi.json');
  expect(documentAnswer.status, 'GET /api/openapi.json').toBe(200);
  const doc = documentAnswer.body;
  const operations = operationsOf(doc);
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const validator: DocumentValidator = createDocumentValidator(doc);
  const tables = await applicationTables(server.db);
  const random = seededRandom(options.seed);
  let valueSeed = options.seed;
  const nextSeed = () => (valueSeed += 1);

  const failures: Record<Category, string[]> = {
    '5xx': [],
    'undocumented status': [],
    'schema mismatch': [],
    'write on 4xx': [],
    'invalid accepted': [],
  };
  const gaps: string[] = [];
  const figures = { sent: 0, valid: 0, invalid: 0, validAccepted: 0 };
  const answeredOk = new Set<Operation>();
  const sentTo = new Set<Operation>();
  const refusedValid: string[] = [];
  /** Bodies the server accepted, newest last: a sign-up's body is a sign-in's that works, a create's often an update's. */
  const acceptedBodies: { operation: Operation; body: unknown }[] = [];
  /** Statuses answered per operation and kind, for the verbose listing. */
  const statuses = new Map<Operation, Record<string, number>>();

  /** The error schema for an undocumented error status: this operation's documented 4xx schema, else components.schemas.Error. */
  function errorSchemaPointer(operation: Operation): string | undefined {
    for (const [key, response] of Object.entries(operation.responses)) {
      const media = jsonMediaType(response.content);
      if (key.startsWith('4') && media) return `${operation.responsePointers[key]}${pointerOf('content', media, 'schema')}`;
    }
    return doc.components?.schemas?.Error ? pointerOf('components', 'schemas', 'Error') : undefined;
  }

  function check(request: PlannedRequest, answer: Answer): { category: Category; why: string }[] {
    const found: { category: Category; why: string }[] = [];
    const { operation } = request;
    if (answer.status >= 500) found.push({ category: '5xx', why: 'server error' });
    if (request.kind === 'invalid' && answer.status < 300)
      found.push({ category: 'invalid accepted', why: 'an invalid request was answered 2xx' });
    const documented = documentedResponse(operation, answer.status);
    const contentType = answer.headers.get('content-type') ?? '';
    if (!documented) {
      found.push({ category: 'undocumented status', why: `documents ${Object.keys(operation.responses).join(', ')}` });
      const errorPointer = answer.status >= 400 ? errorSchemaPointer(operation) : undefined;
      if (errorPointer) {
        const problem = validator.problems(errorPointer, answer.json);
        if (problem) found.push({ category: 'schema mismatch', why: `error body off the error schema: ${problem}` });
      }
      return found;
    }
    const { key, response } = documented;
    const media = jsonMediaType(response.content);
    const declared = Object.keys(response.content ?? {});
    if (media) {
      if (!contentType.includes('json'))
        found.push({ category: 'schema mismatch', why: `Content-Type "${contentType}", documented ${media}` });
      else {
        const problem = validator.problems(`${operation.responsePointers[key]}${pointerOf('content', media, 'schema')}`, answer.json);
        if (problem)
          found.push({ category: 'schema mismatch', why: `${answer.status < 300 ? 'body' : 'error body'} off its schema: ${problem}` });
      }
    } else if (declared.length === 0 && answer.text !== '') {
      found.push({ category: 'schema mismatch', why: 'a body where the document describes none' });
    } else if (declared.length > 0 && !declared.includes(contentType.split(';')[0]?.trim() ?? '')) {
      found.push({ category: 'schema mismatch', why: `Content-Type "${contentType}", documented ${declared.join(', ')}` });
    } else if (answer.status === 200 && contentType.startsWith('application/pdf') && !answer.text.startsWith('%PDF-')) {
      // A whole file said to be a PDF (a stored document, a letter) is one: it starts with the PDF header.
      found.push({ category: 'schema mismatch', why: 'a body sent as application/pdf that does not start with %PDF-' });
    }
    // Every error, whatever its status documents, is in the one error shape (when the document names it).
    if (answer.status >= 400 && doc.components?.schemas?.Error) {
      const problem = validator.problems(pointerOf('components', 'schemas', 'Error'), answer.json);
      if (problem) found.push({ category: 'schema mismatch', why: `error body off components.schemas.Error: ${problem}` });
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) found.push({ category: 'schema mismatch', why: `required header ${name} missing` });
      } else if (header.schema) {
        const problem = validator.problemsAgainst(header.schema, fromQueryString(header.schema, value));
        if (problem) found.push({ category: 'schema mismatch', why: `header ${name}: ${value} off its schema: ${problem}` });
      }
    }
    return found;
  }

  async function send(request: PlannedRequest): Promise<Answer> {
    const { operation } = request;
    // Processing after an upload (text, thumbnail) finishes before the next request: a thumbnail's answer and the tables then do not depend on timing.
    await server.services.documents.idle();
    // Background jobs (an export) finish too: the export's status and download then do not depend on timing.
    await server.services.jobs.idle();
    const writing = WRITING_METHODS.has(operation.method);
    const before = writing ? await tableFingerprint(server.db, tables) : undefined;
    const response = await fetch(`${server.url}${urlOf(request)}`, {
      method: operation.method,
      headers: request.headers,
      body: request.form ? formDataOf(request.form) : request.body,
    });
    const text = await response.text();
    let json: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = Symbol('not JSON');
      }
    }
    const answer: Answer = { status: response.status, headers: response.headers, text, json };
    figures.sent += 1;
    figures[request.kind] += 1;
    sentTo.add(operation);
    if (answer.status < 300) answeredOk.add(operation);
    const tally = statuses.get(operation) ?? {};
    const tallyKey = `${request.kind} ${answer.status}`;
    tally[tallyKey] = (tally[tallyKey] ?? 0) + 1;
    statuses.set(operation, tally);
    const found = check(request, answer);
    if (before && answer.status >= 400 && answer.status < 500) {
      const changed = changedTables(before, await tableFingerprint(server.db, tables));
      if (changed.length > 0) found.push({ category: 'write on 4xx', why: `changed ${changed.join(', ')}` });
    }
    if (request.kind === 'valid') {
      if (answer.status < 300) {
        figures.validAccepted += 1;
        if (request.body !== undefined) acceptedBodies.push({ operation, body: JSON.parse(request.body) as unknown });
      } else if (answer.status < 500)
        refusedValid.push(`${operation.method} ${operation.path} -> ${answer.status}: ${truncate(answer.text, 160)}`);
    }
    for (const { category, why } of found) {
      failures[category].push(
        `${operation.method} ${urlOf(request)} [${request.kind}: ${request.why}] -> ${answer.status} (${why}); ` +
          `headers ${describeHeaders(request.headers)}; body ${describeBody(request.body)}; answer ${truncate(answer.text)}`,
      );
    }
    return answer;
  }

  const bodyMedia = (operation: Operation) => jsonMediaType(operation.requestBody?.content);
  const bodyPointer = (operation: Operation) => {
    const media = bodyMedia(operation);
    return media && operation.requestBody ? `${operation.requestBody.pointer}${pointerOf('content', media, 'schema')}` : undefined;
  };

  /**
   * A body the document calls valid; `optionals` is the chance of each optional property (0 for
   * records other requests need). With `reuse`, the newest body another operation had accepted,
   * when the document calls it valid here too.
   */
  function validBody(operation: Operation, optionals: number, reuse: boolean): unknown {
    const pointer = bodyPointer(operation);
    const schema = operation.requestBody?.content[bodyMedia(operation) ?? '']?.schema;
    if (!pointer || schema === undefined) return undefined;
    const reused = reuse
      ? acceptedBodies.findLast((accepted) => accepted.operation !== operation && validator.isValid(pointer, accepted.body))
      : undefined;
    return reused?.body ?? validValue(doc, schema, nextSeed(), (value) => validator.isValid(pointer, value), optionals);
  }

  function validQuery(operation: Operation, party: Party, optionals: number): Record<string, string> {
    const query: Record<string, string> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      if (parameter.name === 'childId') {
        query.childId = String(party.childId);
        continue;
      }
      if (!parameter.required && random.next() >= optionals) continue;
      const value = validValue(doc, parameter.schema, nextSeed(), (candidate) => {
        const text = toQueryString(candidate);
        return validator.problemsAgainst(parameter.schema, fromQueryString(parameter.schema, text)) === undefined;
      });
      if (value !== undefined) query[parameter.name] = toQueryString(value);
      else if (parameter.required) gaps.push(`${operation.method} ${operation.path}: no valid value for query ${parameter.name}`);
    }
    return query;
  }

  const operationAt = (method: string, path: string) =>
    operations.find((operation) => operation.method === method && operation.path === path);

  /** A record id for path parameter `name`: the first of the parent's list at its prefix, or one made by the prefix's POST. */
  async function fixture(party: Party, template: string, name: string, fresh: boolean): Promise<string | undefined> {
    const marker = `/{${name}}`;
    const prefixTemplate = template.slice(0, template.indexOf(marker));
    const pathParams: Record<string, string> = {};
    for (const [, inner] of prefixTemplate.matchAll(/\{([^}]+)\}/g)) {
      if (inner) pathParams[inner] = (await fixture(party, template, inner, false)) ?? ABSENT_ID;
    }
    const filled = prefixTemplate.replace(/\{([^}]+)\}/g, (_whole, inner: string) => pathParams[inner] ?? '');
    if (!fresh && party.fixtures.has(filled)) return party.fixtures.get(filled);
    const idOf = (value: unknown) =>
      value && typeof value === 'object' && 'id' in value && (typeof value.id === 'number' || typeof value.id === 'string')
        ? String(value.id)
        : undefined;
    let id: string | undefined = await caregivingFixture(party, prefixTemplate, pathParams);
    const list = fresh || id !== undefined ? undefined : operationAt('GET', prefixTemplate);
    if (list) {
      const answer = await send(await plan(list, party, { kind: 'valid', why: `list for ${name}`, pathParams }));
      const items = Array.isArray(answer.json) ? answer.json : (answer.json as { items?: unknown } | null)?.items;
      if (answer.status === 200 && Array.isArray(items)) id = idOf(items[0]);
    }
    const create = operationAt('POST', prefixTemplate);
    if (create && id === undefined) {
      for (let attempt = 0; attempt < 4 && id === undefined; attempt += 1) {
        const answer = await send(
          await plan(create, party, { kind: 'valid', why: `create for ${name}`, pathParams, optionals: attempt > 0 ? 0 : 0.6 }),
        );
        if (answer.status < 300) id = idOf(answer.json);
      }
    }

    if (id === undefined) gaps.push(`${party.label}: no record for {${name}} of ${template}`);
    if (!fresh) party.fixtures.set(filled, id);
    return id;
  }

  /**
   * Records no collection POST makes: an invitation (its answer wraps the record) and someone else's
   * access to the party's child (made by inviting a new parent, who accepts).
   */
  async function caregivingFixture(party: Party, prefix: string, pathParams: Record<string, string>): Promise<string | undefined> {
    // A claim (no collection lists claims) on an expense that has room for more, and a payment of an approved claim.
    if (prefix === '/api/claims') {
      const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
      const expense = await server.services.expenses.create(scope, {
        provider: 'Conformance clinic',
        category: 'therapy',
        serviceDate: new Date().toISOString().slice(0, 10),
        amountCents: 1_000_000,
        currency: 'USD',
        documentIds: [],
        checklist: [],
      });
      const claim = await server.services.claims.create(scope, expense.id, {
        fundingSourceId: await fundingSourceOf(party),
        amountCents: 100,
      });
      return String(claim.id);
    }
    if (prefix === '/api/claims/{id}/payments') {
      const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
      const claimId = Number(pathParams.id);
      const claim = await server.services.claims
        .addPayment(scope, claimId, { amountCents: 1, paidOn: new Date().toISOString().slice(0, 10) })
        .catch(() => undefined);
      return claim?.payments.at(-1) ? String(claim.payments.at(-1)?.id) : undefined;
    }
    if (prefix === '/api/snapshot-links') return String((await snapshotLinkFor(party, false)).id);
    if (prefix === '/api/form-responses') return pendingResponseOf(party);
    // A form with a question (a form without one cannot be sent), and a fill link of one.
    if (prefix === '/api/forms') return String((await formWithQuestion(party)).id);
    if (prefix === '/api/form-links') return String((await formLinkFor(party)).id);
    if (prefix === '/api/invites') {
      const created = await server.services.caregivers.invite(party.userId, {
        email: 'invited@example.com',
        role: 'viewer',
        childIds: [party.childId],
      });
      return String(created.invite.id);
    }
    if (prefix === '/api/caregivers') {
      const joiner = await signUpParent(server);
      const { link } = await server.services.caregivers.invite(party.userId, {
        email: joiner.email,
        role: 'updater',
        childIds: [party.childId],
      });
      await server.services.caregivers.accept(joiner.userId, tokenOf(link));
      const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
      const access = (await server.services.caregivers.list(scope)).caregivers.find((entry) => !entry.isAccountHolder);
      return access ? String(access.id) : undefined;
    }
    return undefined;
  }

  /** A new pending response on the party's child: one form and reusable link answered again each time. */
  async function pendingResponseOf(party: Party): Promise<string> {
    const key = 'a form link to answer';
    if (!party.fixtures.has(key)) {
      const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
      const form = await server.services.forms.create(scope, {
        title: 'Conformance',
        questions: [{ id: 'q', kind: 'count', prompt: 'How many?' }],
      });
      const { link } = await server.services.forms.share(scope, form.id, {
        recipientName: 'Ms Lee',
        recipientRole: 'teacher',
        expiresInDays: 7,
        singleUse: false,
      });
      party.fixtures.set(key, tokenOf(link));
    }
    await server.services.forms.answer(party.fixtures.get(key) as string, [{ questionId: 'q', value: 3 }]);
    const scope = await server.services.children.scope(party.userId, party.childId, 'viewer');
    const [newest] = await server.services.formResponses.list(scope, { status: 'pending' });
    return String(newest?.id ?? ABSENT_ID);
  }

  /** The party's USD funding source that claims in valid requests go to. */
  async function fundingSourceOf(party: Party): Promise<number> {
    const key = 'a funding source for claims';
    if (!party.fixtures.has(key)) {
      const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
      const source = await server.services.fundingSources.create(scope, {
        kind: 'insurance',
        name: 'Conformance',
        currency: 'USD',
        deadlines: [],
      });
      party.fixtures.set(key, String(source.id));
    }
    return Number(party.fixtures.get(key));
  }

  /** A new link to a snapshot of the party's child (with a photo from its vault when asked): the link's id and token. */
  async function snapshotLinkFor(party: Party, photo: boolean): Promise<{ id: number; token: string }> {
    const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
    // One snapshot for several links (a child has at most 50 snapshots, a snapshot 20 open links).
    const key = `a snapshot to share${photo ? ' with a photo' : ''}`;
    const [cached, shared = '0'] = (party.fixtures.get(key) ?? '').split(':');
    let snapshotId = Number(cached);
    if (!cached || Number(shared) >= 10) {
      const photoDocumentId = photo ? await uploadDocument(server, party, 'picture.png', file('picture.png').bytes) : null;
      snapshotId = (await server.services.snapshots.create(scope, { audience: 'teacher', photoDocumentId })).id;
    }
    const link = await server.services.snapshots.share(scope, snapshotId, { expiresInDays: 7 });
    party.fixtures.set(key, `${snapshotId}:${cached && Number(shared) < 10 ? Number(shared) + 1 : 1}`);
    return { id: link.id, token: tokenOf(link.link) };
  }

  /** A new form of the party's child with one count question, `q`. */
  async function formWithQuestion(party: Party) {
    const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
    return server.services.forms.create(scope, { title: 'Conformance form', questions: [{ id: 'q', kind: 'count', prompt: 'How many?' }] });
  }

  /** A new reusable fill link to a form of the party's child whose one question is `q`: the link's id and token. */
  async function formLinkFor(party: Party): Promise<{ id: number; token: string }> {
    const scope = await server.services.children.scope(party.userId, party.childId, 'owner');
    // One form for several links (a form has at most 30 open links).
    const key = 'a form to send';
    const [cached, sent = '0'] = (party.fixtures.get(key) ?? '').split(':');
    const formId = cached && Number(sent) < 10 ? Number(cached) : (await formWithQuestion(party)).id;
    const link = await server.services.forms.share(scope, formId, { recipientName: 'Ms Lee', recipientRole: 'teacher', expiresInDays: 7 });
    party.fixtures.set(key, `${formId}:${cached && Number(sent) < 10 ? Number(sent) + 1 : 1}`);
    return { id: link.id, token: tokenOf(link.link) };
  }

  /** An invitation for the party from another parent, to accept or look at. */
  async function invitationFor(party: Party): Promise<string> {
    const inviter = await signUpParentWithChild(server);
    const { link } = await server.services.caregivers.invite(inviter.userId, {
      email: party.email,
      role: 'viewer',
      childIds: [inviter.childId],
    });
    return tokenOf(link);
  }

  /**
   * What no generated body can know, filled in for a valid request: the party's own password where the
   * body asks for the current one, and a real reset link's token (made as `npm run account:reset-link` does).
   */
  async function fillSecrets(operation: Operation, party: Party, body: unknown): Promise<void> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    if ('currentPassword' in fields) fields.currentPassword = TEST_PASSWORD;
    // An invitation names the party's own children; preview and accept need a real invitation's token.
    if (operation.path === '/api/invites') fields.childIds = [party.childId];
    if (operation.path === '/api/invites/preview' || operation.path === '/api/invites/accept') fields.token = await invitationFor(party);
    // Reimbursements: expenses in USD with no funder paying directly and no documents (ids a draw cannot
    // know), claims to the party's funder (the fixture claim asks 100), and that claim moved submitted, then approved.
    if (operation.path === '/api/expenses' || operation.path === '/api/expenses/{id}') {
      if ('currency' in fields || operation.method === 'POST') fields.currency = 'USD';
      delete fields.paidDirectlyBy;
      delete fields.documentIds;
    }
    if (operation.path === '/api/expenses/{id}/claims' || operation.path === '/api/claims/{id}') {
      if ('fundingSourceId' in fields || operation.method === 'POST') fields.fundingSourceId = await fundingSourceOf(party);
      if ('amountCents' in fields || operation.method === 'POST') fields.amountCents = operation.method === 'POST' ? 1 : 100;
    }
    if (operation.path === '/api/claims/{id}/status') {
      const moves = Number(party.fixtures.get('claim moves') ?? 0);
      party.fixtures.set('claim moves', String(moves + 1));
      Object.assign(fields, moves === 0 ? { status: 'submitted' } : { status: 'approved', approvedCents: 100 });
    }
    if (operation.path === '/api/claims/{id}/payments') fields.amountCents = 1;
    // Snapshots: a photo is a picture of the child's vault (no draw knows one), each section listed once; a link's token is a real link's.
    if (operation.path === '/api/snapshots' || operation.path === '/api/snapshots/{id}') {
      delete fields.photoDocumentId;
      if (Array.isArray(fields.sections)) {
        const keys = new Set<unknown>();
        fields.sections = fields.sections.filter((section: { key?: unknown }) => !keys.has(section.key) && keys.add(section.key));
      }
      if (operation.method === 'PUT' && Object.keys(fields).length === 0) fields.title = 'Changed';
    }
    if (operation.path.startsWith('/api/shared/snapshot')) {
      fields.token = (await snapshotLinkFor(party, operation.path.endsWith('/photo'))).token;
    }
    // Forms: a question's goal is one of the child's (no draw knows one), each question id once, a form to send has a question;
    // the fill operations take a real link's token, and answers to its form's one question.
    if (operation.path === '/api/forms' || operation.path === '/api/forms/{id}') {
      if (Array.isArray(fields.questions)) {
        fields.questions = (fields.questions as Record<string, unknown>[]).map((question, index) => {
          const { goalId: _goalId, ...rest } = question;
          return { ...rest, id: `q${index}` };
        });
        if ((fields.questions as unknown[]).length === 0) fields.questions = [{ id: 'q', kind: 'count', prompt: 'How many?' }];
      }
    }
    if (operation.path === '/api/forms/fill' || operation.path === '/api/forms/fill/answers')
      fields.token = (await formLinkFor(party)).token;
    if (operation.path === '/api/forms/fill/answers') fields.answers = [{ questionId: 'q', value: 3 }];
    // A letter's paragraphs hold LETTER_LIMITS.total characters together (a rule no schema can state): keep the first that fit.
    if (operation.path === '/api/letters' && Array.isArray(fields.paragraphs)) {
      let room = LETTER_LIMITS.total;
      fields.paragraphs = fields.paragraphs.filter((paragraph: string) => (room -= paragraph.length) >= 0);
      if ((fields.paragraphs as string[]).length === 0) fields.paragraphs = ['Dear team,'];
    }
    if (operation.path === '/api/auth/password-reset/complete' && server.services.accounts) {
      fields.token = new URL(await server.services.accounts.createResetLink(party.email)).hash.slice('#token='.length);
    }
  }
  /** A valid request that uses the party's password or ends its sessions gets a parent of its own. */
  const usesSecrets = (operation: Operation) => {
    const schema = operation.requestBody?.content[bodyMedia(operation) ?? '']?.schema;
    const properties = (dereference(doc, schema ?? {}) as { properties?: object }).properties ?? {};
    return 'currentPassword' in properties || operation.path === '/api/auth/password-reset/complete';
  };

  /** A DELETE that names no record (no path id, no child) removes the caller's own account. */
  const endsAccount = (operation: Operation) =>
    operation.method === 'DELETE' && !operation.parameters.some((parameter) => parameter.in === 'path' || parameter.name === 'childId');

  const actorFor = async (operation: Operation, main: Party) => {
    if (operation.path === '/api/caregivers/leave') {
      // Leaving needs a child shared with the caller: a new parent joins the main parent's child, and calls about it.
      const leaver = await newParty('a caregiver who leaves');
      const { link } = await server.services.caregivers.invite(main.userId, {
        email: leaver.email,
        role: 'viewer',
        childIds: [main.childId],
      });
      await server.services.caregivers.accept(leaver.userId, tokenOf(link));
      return { ...leaver, childId: main.childId };
    }
    const requirement = operation.security[0] ?? {};
    const needsCookie = Object.keys(requirement).some((name) => schemes[name]?.type === 'apiKey' && schemes[name]?.in === 'cookie');
    // A cookie-secured operation (e.g. one that ends a session) or one that deletes the account gets a parent of its own.
    return needsCookie || endsAccount(operation) ? await newParty(`own parent of ${operation.method} ${operation.path}`) : main;
  };

  /** A valid request to `operation` as `party`; path parameters not given are filled with the party's records. */
  async function plan(
    operation: Operation,
    party: Party,
    spec: {
      kind: 'valid' | 'invalid';
      why: string;
      pathParams?: Record<string, string>;
      freshLast?: boolean;
      optionals?: number;
      reuse?: boolean;
    },
  ): Promise<PlannedRequest> {
    const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
    const pathParams: Record<string, string> = { ...spec.pathParams };
    // Approving or rejecting needs a pending response, one per valid request (deciding twice is a 409).
    if (spec.kind === 'valid' && operation.path.startsWith('/api/form-responses/{id}/')) pathParams.id ??= await pendingResponseOf(party);
    for (const [index, parameter] of pathParameters.entries()) {
      if (pathParams[parameter.name] !== undefined) continue;
      const fresh = spec.freshLast === true && index === pathParameters.length - 1;
      pathParams[parameter.name] = (await fixture(party, operation.path, parameter.name, fresh)) ?? ABSENT_ID;
    }
    const headers = credentialHeaders(operation.security[0], schemes, party);
    if (!headers) gaps.push(`${operation.method} ${operation.path}: a security scheme this harness cannot send`);
    const request: PlannedRequest = {
      kind: spec.kind,
      why: spec.why,
      operation,
      pathParams,
      query: validQuery(operation, party, spec.optionals ?? 0.6),
      headers: { ...headers },
    };
    if (operation.path === '/api/expense-proposals' && spec.kind === 'valid')
      request.query.documentId = (await fixture(party, '/api/documents/{id}', 'id', false)) ?? ABSENT_ID;
    for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
      const value = validValue(
        doc,
        parameter.schema,
        nextSeed(),
        (candidate) => validator.problemsAgainst(parameter.schema, candidate) === undefined,
      );
      if (value !== undefined) request.headers[parameter.name.toLowerCase()] = toQueryString(value);
    }
    const media = bodyMedia(operation);
    if (operation.requestBody && media) {
      const body = validBody(operation, spec.optionals ?? 0.6, spec.reuse === true);
      if (body === undefined) gaps.push(`${operation.method} ${operation.path}: no body the document calls valid`);
      else {
        if (spec.kind === 'valid') await fillSecrets(operation, party, body);
        request.body = JSON.stringify(body);
        request.headers['content-type'] = media;
      }
    } else if (operation.requestBody?.content[MULTIPART]) {
      // A record other operations use (made for them, or one whose file is replaced) keeps a file with a thumbnail.
      const sharedRecord = spec.why.startsWith('create for ') || operation.parameters.some((parameter) => parameter.in === 'path');
      request.form = validForm(operation, spec.optionals ?? 0.6, sharedRecord);
    } else if (operation.requestBody?.required) gaps.push(`${operation.method} ${operation.path}: no JSON request body type`);
    return request;
  }

  /**
   * Valid multipart fields (the generated `file` string is replaced by a real file of an accepted type).
   * For a record other operations use (`sharedRecord`), one with a thumbnail (a picture or a PDF), so the
   * thumbnail operation has one to answer with whatever the draws; other uploads draw any accepted file.
   */
  function validForm(operation: Operation, optionals: number, sharedRecord: boolean): NonNullable<PlannedRequest['form']> {
    const pointer = `${operation.requestBody?.pointer}${pointerOf('content', MULTIPART, 'schema')}`;
    const schema = operation.requestBody?.content[MULTIPART]?.schema ?? {};
    const value = validValue(doc, schema, nextSeed(), (candidate) => validator.isValid(pointer, candidate), optionals) as
      | Record<string, unknown>
      | undefined;
    if (value === undefined) gaps.push(`${operation.method} ${operation.path}: no multipart fields the document calls valid`);
    const { file: _generated, ...fields } = value ?? {};
    return { fields, file: random.sample(sharedRecord ? THUMBNAILED_FILES : UPLOAD_FILES, 1)[0] ?? null };
  }

  async function newParty(label: string): Promise<Party> {
    const parent = await signUpParentWithChild(server);
    return {
      label,
      email: parent.email,
      userId: parent.userId,
      token: parent.token,
      cookies: cookiesFrom([parent.cookie]),
      childId: parent.childId,
      fixtures: new Map(),
    };
  }

  /**
   * An account of its own with the main party's child ids (not used by account operations), signed up
   * through the service: the rate-limited pass leaves it no sign-ups to spend.
   */
  async function ownAccount(label: string, like: Party): Promise<Party> {
    if (!server.services.accounts) return like;
    const email = `own-${nextSeed()}-${options.seed}@example.com`;
    const signedIn = await server.services.accounts.signUp({ email, password: TEST_PASSWORD });
    return { ...like, label, email, token: signedIn.token, cookies: { trelli_session: signedIn.sessionId }, fixtures: new Map() };
  }

  /** Requests that each break one documented rule of an otherwise valid request. */
  async function invalidVariants(operation: Operation, party: Party, stranger: Party, oversize: boolean): Promise<PlannedRequest[]> {
    const base = await plan(operation, party, { kind: 'invalid', why: 'base' });
    const variants: PlannedRequest[] = [];
    const variant = (why: string, change: Partial<PlannedRequest>) =>
      variants.push({ ...base, why, ...change, headers: change.headers ?? base.headers, query: change.query ?? base.query });
    const withoutCredentials = Object.fromEntries(
      Object.entries(base.headers).filter(([name]) => name !== 'authorization' && name !== 'cookie'),
    );
    for (const forged of forgedCredentials(operation, schemes))
      variant(forged.why, { headers: { ...withoutCredentials, ...forged.headers } });
    if (base.headers.cookie)
      variant('a cross-site Origin with the session cookie', { headers: { ...base.headers, origin: 'https://elsewhere.example' } });

    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      if (parameter.required) {
        const { [parameter.name]: _dropped, ...rest } = base.query;
        variant(`missing query ${parameter.name}`, { query: rest });
      }
      if (parameter.name === 'childId')
        variant('another parent\u2019s child', { query: { ...base.query, childId: String(stranger.childId) } });
      const breakers = ruleBreakers(dereference(doc, parameter.schema), nextSeed())
        .map((breaker) => ({ ...breaker, text: toQueryString(breaker.value) }))
        .filter(({ text }) => validator.problemsAgainst(parameter.schema, fromQueryString(parameter.schema, text)) !== undefined);
      for (const breaker of random.sample(breakers, BREAKERS_PER_QUERY_PARAMETER)) {
        variant(`query ${parameter.name}: ${breaker.why}`, { query: { ...base.query, [parameter.name]: breaker.text } });
      }
    }

    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      variant(`path ${parameter.name}: malformed`, { pathParams: { ...base.pathParams, [parameter.name]: 'not-an-id' } });
      variant(`path ${parameter.name}: no such record`, { pathParams: { ...base.pathParams, [parameter.name]: ABSENT_ID } });
      const theirs = await fixture(stranger, operation.path, parameter.name, false);
      if (theirs)
        variant(`path ${parameter.name}: another parent\u2019s record`, { pathParams: { ...base.pathParams, [parameter.name]: theirs } });
    }

    if (base.form) {
      // Form fields are text, so a JSON-typed rule breaker can turn valid once written out: these break the rules a form can carry.
      const { form } = base;
      variant('no file part', { form: { ...form, file: null } });
      variant('an SVG file (could run script)', { form: { ...form, file: file('drawing.svg') } });
      variant('web page content named .pdf', { form: { ...form, file: file('fake.pdf') } });
      variant('a GIF (not an accepted type)', { form: { ...form, file: file('animation.gif') } });
      variant('an empty file', { form: { ...form, file: { name: 'empty.txt', bytes: new Uint8Array() } } });
      variant('a field no schema names', { form: { ...form, fields: { ...form.fields, unknownField: 'x' } } });
      variant('a JSON body instead of multipart', {
        form: undefined,
        body: '{}',
        headers: { ...base.headers, 'content-type': 'application/json' },
      });
      const properties = Object.keys(
        (dereference(doc, operation.requestBody?.content[MULTIPART]?.schema ?? {}) as { properties?: object }).properties ?? {},
      );
      if (properties.includes('category'))
        variant('category: not one of the list', { form: { ...form, fields: { ...form.fields, category: 'shopping' } } });
      if (properties.includes('documentDate'))
        variant('documentDate: no such day', { form: { ...form, fields: { ...form.fields, documentDate: '2026-02-30' } } });
      if (properties.includes('goalIds'))
        variant('goalIds: not a number', { form: { ...form, fields: { ...form.fields, goalIds: ['seven'] } } });
    }

    const pointer = bodyPointer(operation);
    const media = bodyMedia(operation);
    if (pointer && media && base.body !== undefined) {
      const schema = dereference(doc, operation.requestBody?.content[media]?.schema ?? {});
      const bodies = invalidBodies(schema, JSON.parse(base.body), nextSeed()).filter(({ value }) => !validator.isValid(pointer, value));
      const missing = bodies.filter(({ why }) => why.startsWith('missing required'));
      const others = random.sample(
        bodies.filter((body) => !missing.includes(body)),
        INVALID_BODIES_PER_OPERATION,
      );
      for (const body of [...missing, ...others]) variant(`body: ${body.why}`, { body: JSON.stringify(body.value) });
      variant('a body that is not JSON, sent as text/plain', {
        body: 'not json',
        headers: { ...base.headers, 'content-type': 'text/plain' },
      });
      variant('malformed JSON', { body: '{"unterminated": ' });
      if (oversize) variant(`a body over ${OVERSIZE_BYTES} bytes`, { body: JSON.stringify({ padding: 'x'.repeat(OVERSIZE_BYTES) }) });
    }
    return variants;
  }

  const main = await newParty('parent');
  const stranger = await newParty('another parent');
  // Deletes last, so the records the other operations read and change are still there.
  const chosen = operations.filter(options.only ?? (() => true));
  const ordered = [...chosen.filter((o) => o.method !== 'DELETE'), ...chosen.filter((o) => o.method === 'DELETE')];
  const withBody = ordered.filter((operation) => bodyMedia(operation));
  const oversized = new Set(random.sample(withBody, OVERSIZE_OPERATIONS));
  for (const operation of ordered) {
    const party = await actorFor(operation, main);
    for (let index = 0; index < options.validPerOperation; index += 1) {
      // A valid delete gets a record of its own (made through the collection's POST).
      // The first leaves out everything optional, the second sends all of it, the third tries a body accepted elsewhere.
      const optionals = index === 0 ? 0 : index === 1 ? 1 : 0.6;
      const why = `valid #${index + 1}`;
      const freshLast = operation.method === 'DELETE';
      // Deleting an account takes the parent with it: each valid request gets one of its own.
      const sender = endsAccount(operation)
        ? await actorFor(operation, main)
        : usesSecrets(operation)
          ? await ownAccount(`own parent of ${operation.method} ${operation.path}`, main)
          : party;
      await send(await plan(operation, sender, { kind: 'valid', why, freshLast, optionals, reuse: index === 2 }));
    }
    if (!options.invalid) continue;
    for (const request of await invalidVariants(operation, party, stranger, oversized.has(operation))) await send(request);
  }

  const missing = chosen.filter((operation) => !sentTo.has(operation)).map((o) => `${o.method} ${o.path}`);
  const neverOk = chosen.filter((operation) => !answeredOk.has(operation)).map((o) => `${o.method} ${o.path}`);
  const perOperation = chosen.map((o) => `${o.method} ${o.path}: ${JSON.stringify(statuses.get(o) ?? {})}`);
  return { operations: chosen, failures, gaps: [...new Set(gaps)], figures, missing, neverOk, refusedValid, perOperation };
}

type Result = Awaited<ReturnType<typeof runConformance>>;

/** Prints the summary line and fails, per category, with every offending request. */
function report(label: string, result: Result, seed: number) {
  const { failures, figures } = result;
  const count = result.operations.length;
  console.log(
    `openapi conformance (${label}, seed ${seed}): operations covered ${count - result.missing.length}/${count}` +
      ` (${count - result.neverOk.length} answered 2xx), requests sent ${figures.sent}` +
      ` (valid ${figures.valid}, ${figures.validAccepted} accepted; invalid ${figures.invalid}),` +
      ` 5xx ${failures['5xx'].length}, undocumented statuses ${failures['undocumented status'].length},` +
      ` schema mismatches ${failures['schema mismatch'].length}, writes on 4xx ${failures['write on 4xx'].length},` +
      ` invalid accepted ${failures['invalid accepted'].length}`,
  );
  if (result.gaps.length > 0) console.log(`openapi conformance gaps:\n  ${result.gaps.join('\n  ')}`);
  if (result.neverOk.length > 0) console.log(`operations never answered 2xx: ${result.neverOk.join(', ')}`);
  if (process.env.CONFORMANCE_VERBOSE) {
    console.log(`answers per operation:\n  ${result.perOperation.join('\n  ')}`);
    console.log(`valid requests refused:\n  ${result.refusedValid.join('\n  ')}`);
  }
  const replay = `(seed ${seed}; replay with CONFORMANCE_SEED=${SEED})`;
  expect.soft(result.missing, `operations that got no request ${replay}`).toEqual([]);
  for (const category of Object.keys(failures) as Category[]) {
    expect.soft(failures[category].length, `${category} ${replay}:\n  ${failures[category].join('\n  ')}`).toBe(0);
  }
}

const limits = (limit: number) => ({
  authPerIp: { limit, windowMs: 600_000 },
  signInFailuresPerEmail: { limit, windowMs: 600_000 },
  contactPerIp: { limit, windowMs: 600_000 },
});

/** The engine of the seeded pass: the last of the run's, PostgreSQL when TEST_DATABASE_URL is set. */
const SEEDED_PASS_ENGINE = ENGINES[ENGINES.length - 1];

describe.each(ENGINES)('the OpenAPI document, held to the server that serves it (%s)', (engine) => {
  // One database for both servers: a new PGlite takes seconds to open.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.drop());

  // The seeded pass holds the HTTP layer to its document, which is the same on both engines; every other
  // integration file runs on both. It runs once, on PostgreSQL when the run has it (decision 0110).
  it.runIf(engine === SEEDED_PASS_ENGINE)(
    'answers seeded valid and invalid requests on every operation as it documents',
    async () => {
      const server = await startTestServer({ engine, database, rateLimits: limits(100_000) });
      try {
        const result = await runConformance(server, { validPerOperation: VALID_PER_OPERATION, invalid: true, seed: SEED });
        expect(result.operations.length, 'operations in the document').toBeGreaterThan(0);
        report(engine, result, SEED);
        // Success bodies are only checked where a 2xx came: an operation that never gave one was not really tested.
        expect.soft(result.neverOk, `operations that never answered 2xx to a valid request (seed ${SEED})`).toEqual([]);
      } finally {
        await server.close();
      }
    },
    480_000,
  );

  it('answers as documented when a rate limit is reached (429 and its headers)', async () => {
    // Four attempts per window: the two parents the run signs up use two, the requests below the rest and more.
    const server = await startTestServer({ engine, database, rateLimits: limits(4) });
    try {
      const result = await runConformance(server, {
        only: (operation) => '429' in operation.responses,
        validPerOperation: 6,
        invalid: false,
        // Another seed than the first pass, which used the same database: its sign-up emails are taken.
        seed: SEED + 1_000_000,
      });
      report(`${engine}, rate limits of 4`, result, SEED + 1_000_000);
      expect(result.perOperation.join(' '), 'some request reached a rate limit').toContain(' 429"');
    } finally {
      await server.close();
    }
  }, 60_000);
});
