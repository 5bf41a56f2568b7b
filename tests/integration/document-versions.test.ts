/**
 * Replacing a document's file keeps the one it replaces (issue 24 item 19, decision 0087): earlier
 * versions are listed, downloadable, exported, and go with the document, the child and the account.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../helpers/caregivers.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { typedClient } from '../helpers/trpc-client.ts';
import { storedKeys } from '../helpers/test-vault.ts';
import { readZip } from '../helpers/zip-reader.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const PDF = readFileSync(path.join(FIXTURES, 'iep-sample.pdf'));
const FIRST = Buffer.from('First draft of the letter to school\n');
const SECOND = Buffer.from('Second draft, with the meeting date\n');
const THIRD = Buffer.from('Final letter as sent\n');

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;
type Version = { id: number; documentId: number; fileName: string; sizeBytes: number; addedBy: unknown; replacedBy: unknown };

async function send(server: TestServer, token: string, target: string, method: 'POST' | 'PUT', name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}${target}`, { method, body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as any };
}

async function fetchBytes(server: TestServer, token: string, target: string) {
  const response = await fetch(`${server.url}${target}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(ENGINES)('earlier versions of a document on %s', (engine) => {
  let server: TestServer;
  let family: Family;
  let updater: Awaited<ReturnType<typeof signUpParent>>;
  let viewer: Awaited<ReturnType<typeof signUpParent>>;
  let documentId: number;

  const join = async (role: string) => {
    const person = await signUpParent(server);
    const invite = await family.call('POST', '/invites', { email: person.email, role, childIds: [family.childId] });
    const accepted = await api(server, 'POST', '/api/invites/accept', { token: person.token, json: { token: tokenOf(invite.body.link) } });
    if (accepted.status !== 200) throw new Error(`accepting the invitation: ${accepted.status}`);
    return person;
  };
  const at = (suffix: string) => `/api/documents/${documentId}${suffix}?childId=${family.childId}`;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    family = await signUpParentWithChild(server);
    updater = await join('updater');
    viewer = await join('viewer');
    const added = await send(server, family.token, `/api/documents?childId=${family.childId}`, 'POST', 'letter-v1.txt', FIRST);
    if (added.status !== 201) throw new Error(`upload failed: ${added.status}`);
    documentId = added.body.id;
    await server.services.documents.idle();
  });
  afterAll(() => server.close());

  it('an updater replaces the file; the old one is kept, listed with who and when, and downloads byte for byte', async () => {
    const replaced = await send(server, updater.token, at('/content'), 'PUT', 'letter-v2.txt', SECOND);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ fileName: 'letter-v2.txt', earlierVersions: 1, fileAddedBy: { isYou: true } });
    expect(replaced.body.addedBy).toMatchObject({ isYou: false });
    expect((await send(server, family.token, at('/content'), 'PUT', 'letter-v3.txt', THIRD)).status).toBe(200);
    await server.services.documents.idle();

    const listed = await api(server, 'GET', at('/versions'), { token: viewer.token });
    expect(listed.status).toBe(200);
    const versions = listed.body as Version[];
    // The most recently replaced first: v2 (added by the updater, replaced by the owner), then v1.
    expect(versions.map(({ fileName, sizeBytes }) => ({ fileName, sizeBytes }))).toEqual([
      { fileName: 'letter-v2.txt', sizeBytes: SECOND.length },
      { fileName: 'letter-v1.txt', sizeBytes: FIRST.length },
    ]);
    const updaterName = updater.email.slice(0, updater.email.indexOf('@'));
    expect(versions[0]).toMatchObject({ addedBy: { name: updaterName, isYou: false }, replacedBy: { isYou: false } });
    expect(versions[1]).toMatchObject({ replacedBy: { name: updaterName, isYou: false } });

    // The same over tRPC.
    const viaTrpc = await typedClient(server, viewer.token).documents.versions.query({ childId: family.childId, id: documentId });
    expect(viaTrpc.map((version) => version.id)).toEqual(versions.map((version) => version.id));

    // A viewer downloads each earlier file, as an attachment; the current file is the newest.
    for (const [version, bytes] of [
      [versions[0], SECOND],
      [versions[1], FIRST],
    ] as const) {
      const { response, bytes: got } = await fetchBytes(server, viewer.token, at(`/versions/${version?.id}/content`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(got.equals(bytes)).toBe(true);
    }
    expect((await fetchBytes(server, viewer.token, at('/content'))).bytes.equals(THIRD)).toBe(true);
  });

  it('a stranger finds neither the list nor the files; a version of another document is not found', async () => {
    const stranger = await signUpParent(server);
    expectApiError(await api(server, 'GET', at('/versions'), { token: stranger.token }), 404, 'NOT_FOUND');
    const [version] = (await api(server, 'GET', at('/versions'), { token: family.token })).body as Version[];
    expect((await fetchBytes(server, stranger.token, at(`/versions/${version?.id}/content`))).response.status).toBe(404);
    const other = await send(server, family.token, `/api/documents?childId=${family.childId}`, 'POST', 'other.txt', FIRST);
    const wrong = await fetchBytes(
      server,
      family.token,
      `/api/documents/${other.body.id}/versions/${version?.id}/content?childId=${family.childId}`,
    );
    expect(wrong.response.status).toBe(404);
    await server.services.documents.idle();
  });

  it('the export carries the earlier files, named as earlier versions', async () => {
    const started = await family.call('POST', '/exports');
    expect(started.status).toBe(201);
    await server.services.jobs.idle();
    const { bytes } = await fetchBytes(server, family.token, `/api/exports/${started.body.id}/download`);
    const entries = readZip(bytes);
    const earlier = entries.filter((entry) => entry.name.includes('(earlier version, replaced'));
    expect(earlier.map((entry) => entry.read().toString('utf8')).sort()).toEqual([FIRST.toString(), SECOND.toString()].sort());
    const data = JSON.parse(
      entries
        .find((entry) => entry.name === 'data.json')
        ?.read()
        .toString('utf8') ?? '{}',
    );
    expect((data.records.documentVersions as { fileName: string }[]).map((row) => row.fileName).sort()).toEqual([
      'letter-v1.txt',
      'letter-v2.txt',
    ]);
  });

  it('deleting the document purges its earlier files from the store', async () => {
    const objectKeys = async () =>
      (
        await server.db
          .selectFrom('documentVersions')
          .innerJoin('storedObjects', 'storedObjects.id', 'documentVersions.fileObjectId')
          .select('storedObjects.objectKey')
          .where('documentVersions.documentId', '=', documentId)
          .execute()
      ).map((row) => row.objectKey);
    const versionKeys = await objectKeys();
    expect(versionKeys).toHaveLength(2);
    expect(await storedKeys(server.vault)).toEqual(expect.arrayContaining(versionKeys));
    expect((await family.call('DELETE', `/documents/${documentId}`)).status).toBe(200);
    const left = await storedKeys(server.vault);
    expect(left.filter((key) => versionKeys.includes(key))).toEqual([]);
    expect(await server.db.selectFrom('documentVersions').select('id').where('documentId', '=', documentId).execute()).toEqual([]);
  });

  it('deleting the account leaves no earlier version, row or file', async () => {
    const parent = await signUpParentWithChild(server);
    const added = await send(server, parent.token, `/api/documents?childId=${parent.childId}`, 'POST', 'iep.pdf', PDF);
    const target = `/api/documents/${added.body.id}/content?childId=${parent.childId}`;
    expect((await send(server, parent.token, target, 'PUT', 'notes.txt', FIRST)).status).toBe(200);
    await server.services.documents.idle();
    const keysOfParent = (
      await server.db.selectFrom('storedObjects').select('objectKey').where('ownerId', '=', parent.userId).execute()
    ).map((row) => row.objectKey);
    expect(keysOfParent.length).toBeGreaterThanOrEqual(2);
    expect((await api(server, 'DELETE', '/api/account', { token: parent.token, json: { confirm: 'DELETE' } })).status).toBe(200);
    expect(await server.db.selectFrom('documentVersions').select('id').where('childId', '=', parent.childId).execute()).toEqual([]);
    expect((await storedKeys(server.vault)).filter((key) => keysOfParent.includes(key))).toEqual([]);
  });
});
