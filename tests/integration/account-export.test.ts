import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_SCHEMA_VERSION } from '#shared/schemas/account-data.ts';
import { buildFullAccount, type FullAccount } from '../helpers/full-account.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { storedKeys } from '../helpers/test-vault.ts';
import { readZip, type ZipEntry } from '../helpers/zip-reader.ts';

const HOUR_MS = 60 * 60_000;

async function downloadZip(server: TestServer, token: string, id: number) {
  const response = await fetch(`${server.url}/api/exports/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Exports the account, waits for the job, and returns the finished export and its ZIP's entries. */
async function exportAccount(server: TestServer, token: string) {
  const started = await api(server, 'POST', '/api/exports', { token });
  expect(started.status).toBe(201);
  await server.services.jobs.idle();
  const finished = await api(server, 'GET', `/api/exports/${started.body.id}`, { token });
  const { response, bytes } = await downloadZip(server, token, started.body.id);
  expect(response.status).toBe(200);
  return { started: started.body, finished: finished.body, response, bytes, entries: readZip(bytes) };
}

const entryNamed = (entries: ZipEntry[], name: string) => {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no ${name} in the ZIP; it holds ${entries.map((candidate) => candidate.name).join(', ')}`);
  return entry;
};

describe.each(ENGINES)('export everything on %s', (engine) => {
  let server: TestServer;
  let account: FullAccount;
  let zip: Awaited<ReturnType<typeof exportAccount>>;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock) });
    account = await buildFullAccount(server);
    zip = await exportAccount(server, account.token);
  }, 120_000);
  afterAll(() => server?.close());

  it('is ready, counts every record and file it wrote, and downloads as a ZIP attachment', () => {
    const records = Object.values(
      JSON.parse(entryNamed(zip.entries, 'data.json').read().toString('utf8')).records as Record<string, unknown[]>,
    ).reduce((sum, rows) => sum + rows.length, 0);
    const files = account.documents.length + (account.created.documentVersions?.length ?? 0);
    expect(zip.finished).toMatchObject({ status: 'ready', progress: 100, itemsTotal: records + files });
    expect(zip.finished.itemsDone).toBe(zip.finished.itemsTotal);
    expect(Date.parse(zip.finished.expiresAt) - Date.parse(zip.finished.finishedAt)).toBe(24 * HOUR_MS);
    expect(zip.response.headers.get('content-type')).toBe('application/zip');
    expect(zip.response.headers.get('content-disposition')).toBe(`attachment; filename=${zip.finished.fileName}`);
    expect(zip.finished.fileName).toMatch(/^trelli-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Number(zip.response.headers.get('content-length'))).toBe(zip.bytes.length);
    expect(zip.finished.sizeBytes).toBe(zip.bytes.length);
    // Every entry is whole: its CRC matches what it holds.
    expect(zip.entries.filter((entry) => crc32(entry.read()) >>> 0 !== entry.crc32).map((entry) => entry.name)).toEqual([]);
  });

  it('data.json holds the account and every record created, with a schema version', () => {
    const data = JSON.parse(entryNamed(zip.entries, 'data.json').read().toString('utf8'));
    expect(data.schemaVersion).toBe(EXPORT_SCHEMA_VERSION);
    expect(data.account).toEqual({
      id: account.userId,
      email: account.email,
      name: null,
      createdAt: expect.any(String),
      publicMetadata: expect.any(Object),
      unsafeMetadata: expect.any(Object),
    });
    const ids = (kind: string) => (data.records[kind] as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    const created = (kind: string) => (account.created[kind] as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    for (const kind of ['children', 'observations', 'goals', 'progressEntries', 'strategies', 'medications', 'childPeople'])
      expect({ kind, ids: ids(kind) }).toEqual({ kind, ids: created(kind) });
    // Reimbursements: each child's funder, expense (its receipt linked) and claim, its four moves and its payment.
    for (const kind of ['fundingSources', 'expenses', 'claims']) expect({ kind, ids: ids(kind) }).toEqual({ kind, ids: created(kind) });
    // Snapshots: each child's, with the parent's wording and who made it (a name, never an id).
    expect({ kind: 'snapshots', ids: ids('snapshots') }).toEqual({ kind: 'snapshots', ids: created('snapshots') });
    expect(data.records.snapshots[0]).toMatchObject({
      audience: 'teacher',
      title: 'For school',
      sections: expect.arrayContaining([{ key: 'about', visible: true, text: '=Loves trains' }]),
      addedBy: expect.any(String),
    });
    expect([data.records.expenseDocuments.length, data.records.claimStatusChanges.length, data.records.claimPayments.length]).toEqual([
      account.childIds.length,
      4 * account.childIds.length,
      account.childIds.length,
    ]);
    expect(data.records.claims[0]).toMatchObject({
      status: 'partially-paid',
      approvedCents: 9000,
      paidCents: 4000,
      addedBy: expect.any(String),
    });
    expect(ids('documents')).toEqual(account.documents.map((document) => document.id).sort((a, b) => a - b));
    expect(data.records.observations.map((row: { what: string }) => row.what)).toContain('=HYPERLINK("http://example.com","click")');
    expect(data.records.children[0]).toMatchObject({ firstName: 'Maya', lastName: 'Rivera', diagnoses: ['ADHD'], ownerId: account.userId });
    // The links between records come along: strategy-goal, document-goal, dismissed suggestions, the activity log.
    expect(data.records.strategyGoals).toHaveLength(2);
    expect(data.records.documentGoals).toHaveLength(2);
    expect(data.records.dismissedMilestones.length).toBeGreaterThan(0);
    expect(data.records.milestones.map((row: { title: string }) => row.title)).toContain('IEP meeting');
    expect(data.records.notificationSettings).toEqual([
      expect.objectContaining({ userId: account.userId, weeklyDigest: true, reminderThirtyDays: false, reminderOneDay: true }),
    ]);
    // Who had access: the parent on both children and the caregiver on the first; the invitations sent, without their secret.
    expect(data.records.childAccess.map((row: { role: string }) => row.role).sort()).toEqual(['owner', 'owner', 'updater']);
    expect(data.records.invites.map((row: { email: string; acceptedAt: string | null }) => [row.email, row.acceptedAt !== null])).toEqual([
      [(account.created.caregivers as { email: string }[])[0]?.email, true],
      ['nobody-yet@example.com', false],
    ]);
    // The links the account made: the two invitations' (used once accepted) and a snapshot's, never a token or its hash (decision 0089).
    expect(
      data.records.shareLinks.map((row: { purpose: string; grantType: string; uses: number }) => [row.purpose, row.grantType, row.uses]),
    ).toEqual([
      ['invite', 'invite', 1],
      ['invite', 'invite', 0],
      ['snapshot', 'snapshot', 1],
      ['form-fill', 'form', 1],
    ]);
    // Smart forms: the form with its questions, whom its link was for, and the answer sent through it (decision 0109).
    expect({ kind: 'forms', ids: ids('forms') }).toEqual({ kind: 'forms', ids: created('forms') });
    expect(data.records.forms[0]).toMatchObject({
      title: 'Weekly check-in',
      questions: [expect.objectContaining({ id: 'starts', prompt: '=How many starts?' }), expect.objectContaining({ id: 'notes' })],
      addedBy: expect.any(String),
    });
    const formLink = (account.created.formLinks as { id: number; token: string }[])[0];
    expect(data.records.formLinks).toEqual([
      expect.objectContaining({ linkId: formLink?.id, recipientName: 'Ms. Lee', recipientRole: 'teacher' }),
    ]);
    expect(data.records.formResponses).toEqual([
      expect.objectContaining({
        status: 'pending',
        recipientName: 'Ms. Lee',
        answers: [
          expect.objectContaining({ questionId: 'starts', value: 4 }),
          expect.objectContaining({ value: '+Great focus this week' }),
        ],
        decidedBy: null,
      }),
    ]);
    expect(entryNamed(zip.entries, 'data.json').read().toString('utf8')).not.toContain(formLink?.token as string);
    const linkToken = (account.created.shareLinks as { token: string }[])[0]?.token as string;
    expect(data.records.shareLinks.some((row: object) => 'tokenHash' in row)).toBe(false);
    expect(entryNamed(zip.entries, 'data.json').read().toString('utf8')).not.toContain(linkToken);
    // Whom an access entry is about is written as a name, never an account id (decision 0072).
    const joined = data.records.activities.find((row: { action: string }) => row.action === 'caregiver.joined');
    expect(joined).toMatchObject({ subjectPerson: expect.any(String) });
    expect(joined).not.toHaveProperty('subjectUserId');
    // One entry per owned child for each export started (the account's builder exported once before this one).
    expect(data.records.activities.filter((row: { action: string }) => row.action === 'account.exported')).toHaveLength(4);
    // Never the password hash, the search index, the text extracted from files, or stored object ids.
    const text = entryNamed(zip.entries, 'data.json').read().toString('utf8');
    for (const secret of [
      'passwordHash',
      'password_hash',
      'tokenHash',
      'searchVector',
      'contentText',
      'fileObjectId',
      'objectKey',
      'wrappedKey',
    ])
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('has one CSV per kind, with formulas escaped', () => {
    const names = zip.entries.map((entry) => entry.name);
    for (const kind of [
      'children',
      'observations',
      'goals',
      'progressEntries',
      'strategies',
      'strategyGoals',
      'milestones',
      'medications',
      'childPeople',
      'documents',
      'activities',
    ])
      expect(names).toContain(`${kind}.csv`);
    const observations = entryNamed(zip.entries, 'observations.csv').read().toString('utf8');
    expect(observations.startsWith('\uFEFFid,childId,what,')).toBe(true);
    expect(observations).toContain(`"'=HYPERLINK(""http://example.com"",""click"")"`);
    expect(observations).toContain(`'-2 points on the quiz`);
    expect(observations).toContain(`'@home`);
    expect(observations).toContain(`'+1 sticker`);
    expect(entryNamed(zip.entries, 'goals.csv').read().toString('utf8')).toContain(`'+Read 20 minutes a day`);
    expect(entryNamed(zip.entries, 'progressEntries.csv').read().toString('utf8')).toContain(`'@mention`);
    expect(entryNamed(zip.entries, 'children.csv').read().toString('utf8')).toContain(`'=SUM(A1:A9) looks like a formula`);
    // No cell anywhere begins with a formula character unescaped (quoted or not).
    for (const entry of zip.entries.filter((candidate) => candidate.name.endsWith('.csv'))) {
      const unescaped = entry
        .read()
        .toString('utf8')
        .split(/\r?\n/)
        .filter((line) => /(^|,)"?[=+@]/.test(line));
      expect({ file: entry.name, unescaped }).toEqual({ file: entry.name, unescaped: [] });
    }
  });

  it('carries every document decrypted, byte for byte, under readable names that are safe and unique', () => {
    const documents = zip.entries.filter((entry) => entry.name.startsWith('documents/'));
    // A document without a date is named by the day it was added.
    expect(
      documents
        .map((entry) =>
          entry.name.replace(/\d{4}-\d{2}-\d{2} Worksheet/, '<added> Worksheet').replace(/replaced \d{4}-\d{2}-\d{2}/, 'replaced <day>'),
        )
        .sort(),
    ).toEqual([
      'documents/Leo/2026-09-15 IEP 2026 27 annual.pdf',
      // Leo's notes were replaced once: the earlier file comes too (decision 0087).
      'documents/Leo/2026-10-01 Notes (earlier version, replaced <day>).txt',
      'documents/Leo/2026-10-01 Notes.txt',
      'documents/Leo/<added> Worksheet photo.jpg',
      'documents/Maya/2026-09-15 IEP 2026 27 annual.pdf',
      'documents/Maya/2026-10-01 Notes (2).txt',
      'documents/Maya/2026-10-01 Notes.txt',
      'documents/Maya/<added> Worksheet photo.jpg',
    ]);
    const folderOf = new Map(account.childIds.map((id, index) => [id, index === 0 ? 'Maya' : 'Leo']));
    for (const document of account.documents) {
      const matching = documents.filter(
        (entry) => entry.name.startsWith(`documents/${folderOf.get(document.childId)}/`) && entry.read().equals(document.bytes),
      );
      expect({ title: document.title, found: matching.length }).toEqual({ title: document.title, found: 1 });
    }
    for (const version of account.created.documentVersions as { bytes: Buffer }[]) {
      expect(documents.filter((entry) => entry.name.includes('(earlier version') && entry.read().equals(version.bytes))).toHaveLength(1);
    }
    // PDFs and photos are stored as they are; text is deflated.
    expect(documents.filter((entry) => /\.(pdf|jpg)$/.test(entry.name)).every((entry) => entry.method === 0)).toBe(true);
    expect(documents.filter((entry) => entry.name.endsWith('.txt')).every((entry) => entry.method === 8)).toBe(true);
    expect(entryNamed(zip.entries, 'data.json').method).toBe(8);
  });

  it('is not counted against the vault quota, and the export writes an audit entry per owned child', async () => {
    const usage = await account.call('GET', '/documents/usage');
    const objects = await server.db
      .selectFrom('storedObjects')
      .select(['sizeBytes', 'countsTowardQuota'])
      .where('ownerId', '=', account.userId)
      .where('releasedAt', 'is', null)
      .execute();
    const counted = objects.filter((object) => object.countsTowardQuota).reduce((sum, object) => sum + Number(object.sizeBytes), 0);
    expect(usage.body.usedBytes).toBe(counted);
    expect(objects.filter((object) => !object.countsTowardQuota).map((object) => Number(object.sizeBytes))).toEqual([zip.bytes.length]);
    expect(usage.body.usedBytes).toBeGreaterThanOrEqual(account.documents.reduce((sum, document) => sum + document.bytes.length, 0));
    const activities = await server.db
      .selectFrom('activities')
      .select(['childId', 'actorId'])
      .where('action', '=', 'account.exported')
      .execute();
    expect(activities.map((row) => row.childId).sort()).toEqual([...account.childIds, ...account.childIds].sort());
    expect(activities.every((row) => row.actorId === account.userId)).toBe(true);
  });

  it('is another parent\u2019s 404, at every path', async () => {
    const stranger = await signUpParent(server);
    expectApiError(await api(server, 'GET', `/api/exports/${zip.started.id}`, { token: stranger.token }), 404, 'NOT_FOUND');
    const { response } = await downloadZip(server, stranger.token, zip.started.id);
    expect(response.status).toBe(404);
    expect((await api(server, 'GET', '/api/exports', { token: stranger.token })).body).toEqual([]);
  });

  it('expires 24 hours after it is ready: then 404, and the purge removes the ZIP from the store', async () => {
    await server.vault.files.purge();
    const keysBefore = await storedKeys(server.vault);
    clock = Date.parse(zip.finished.expiresAt) - 1000;
    expect((await api(server, 'GET', `/api/exports/${zip.started.id}`, { token: account.token })).status).toBe(200);
    expect(await server.services.accountData.purgeExpired()).toBe(0);
    clock = Date.parse(zip.finished.expiresAt) + 1000;
    expectApiError(await api(server, 'GET', `/api/exports/${zip.started.id}`, { token: account.token }), 404, 'NOT_FOUND');
    expect((await downloadZip(server, account.token, zip.started.id)).response.status).toBe(404);
    expect((await api(server, 'GET', '/api/exports', { token: account.token })).body).toEqual([]);
    expect(await server.services.accountData.purgeExpired()).toBe(1);
    expect(await server.db.selectFrom('exports').select('id').where('ownerId', '=', account.userId).execute()).toEqual([]);
    expect(await storedKeys(server.vault)).toHaveLength(keysBefore.length - 1);
  });
});

describe.each(ENGINES)('one export at a time, run by whichever server takes it (%s)', (engine) => {
  let database: TestDatabase;
  let queueing: TestServer;
  let working: TestServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    queueing = await startTestServer({ engine, database, jobWorkers: false });
  });
  afterAll(async () => {
    await working?.close();
    await queueing?.close();
    await database?.drop();
  });

  it('answers the queued export to a second request, shows it queued at 0%, and another server builds it', async () => {
    const parent = await signUpParentWithChild(queueing);
    await parent.call('POST', '/observations', { what: 'A calm morning' });
    const first = await api(queueing, 'POST', '/api/exports', { token: parent.token });
    const second = await api(queueing, 'POST', '/api/exports', { token: parent.token });
    expect({ first: first.status, second: second.status }).toEqual({ first: 201, second: 200 });
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ status: 'queued', progress: 0, itemsDone: 0, itemsTotal: null, expiresAt: null });
    const viaTrpc = await queueing.services.accountData.currentExport(parent.userId);
    expect(viaTrpc?.id).toBe(first.body.id);

    // A second instance on the same database takes the job (nothing to read from the first one's store).
    working = await startTestServer({ engine, database });
    await working.services.jobs.idle();
    const done = await api(working, 'GET', `/api/exports/${first.body.id}`, { token: parent.token });
    expect(done.body).toMatchObject({ status: 'ready', progress: 100 });
    const { response, bytes } = await downloadZip(working, parent.token, first.body.id);
    expect(response.status).toBe(200);
    const data = JSON.parse(entryNamed(readZip(bytes), 'data.json').read().toString('utf8'));
    expect(data.records.observations.map((row: { what: string }) => row.what)).toEqual(['A calm morning']);

    // Once it is ready, a new request starts a new export, which replaces the old one.
    const third = await api(queueing, 'POST', '/api/exports', { token: parent.token });
    expect(third.status).toBe(201);
    expect(third.body.id).not.toBe(first.body.id);
    expect((await api(queueing, 'GET', `/api/exports/${first.body.id}`, { token: parent.token })).status).toBe(404);
    await working.services.jobs.idle();
  }, 60_000);
});

describe.each(ENGINES)('deleting what an earlier export holds withdraws it (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  async function familyWithReadyExport() {
    const family = await signUpParentWithChild(server);
    const form = new FormData();
    form.append('title', 'Reading log');
    form.append('file', new Blob(['Read 20 minutes every evening.'], { type: 'text/plain' }), 'reading-log.txt');
    const uploaded = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${family.token}` },
    });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as { id: number };
    const made = await exportAccount(server, family.token);
    expect(made.finished.status).toBe('ready');
    await server.vault.files.purge();
    return { ...family, documentId: document.id, exportId: made.started.id as number, keys: await storedKeys(server.vault) };
  }

  async function expectWithdrawn(family: { token: string }, exportId: number) {
    const status = await api(server, 'GET', `/api/exports/${exportId}`, { token: family.token });
    expect(status.body).toMatchObject({ status: 'withdrawn', sizeBytes: null });
    expect((await api(server, 'GET', '/api/exports', { token: family.token })).body).toMatchObject([{ id: exportId, status: 'withdrawn' }]);
    const { response, bytes } = await downloadZip(server, family.token, exportId);
    expect(response.status).toBe(404);
    expect(JSON.parse(bytes.toString('utf8')).error.message).toMatch(/^This export was withdrawn/);
    // A new export can be started at once.
    const again = await api(server, 'POST', '/api/exports', { token: family.token });
    expect(again.status).toBe(201);
    await server.services.jobs.idle();
  }

  it('deleting a document: the answer says the export was withdrawn, its ZIP leaves the store, the download says so', async () => {
    const family = await familyWithReadyExport();
    const removed = await api(server, 'DELETE', `/api/documents/${family.documentId}?childId=${family.childId}`, { token: family.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: family.documentId, deleted: true, exportsWithdrawn: 1 });
    // The document's file and the ZIP are both gone.
    expect(await storedKeys(server.vault)).toHaveLength(family.keys.length - 2);
    await expectWithdrawn(family, family.exportId);
  });

  it('deleting the child: the answer says the export was withdrawn, its ZIP leaves the store, the download says so', async () => {
    const family = await familyWithReadyExport();
    const removed = await api(server, 'DELETE', `/api/children/${family.childId}`, { token: family.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: family.childId, deleted: true, exportsWithdrawn: 1 });
    expect(await storedKeys(server.vault)).toHaveLength(family.keys.length - 2);
    await expectWithdrawn(family, family.exportId);
  });

  it('deleting a document with no export before it withdraws nothing', async () => {
    const family = await signUpParentWithChild(server);
    const form = new FormData();
    form.append('file', new Blob(['A note.'], { type: 'text/plain' }), 'note.txt');
    const uploaded = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${family.token}` },
    });
    const { id } = (await uploaded.json()) as { id: number };
    const removed = await api(server, 'DELETE', `/api/documents/${id}?childId=${family.childId}`, { token: family.token });
    expect(removed.body).toEqual({ id, deleted: true, exportsWithdrawn: 0 });
  });
});
