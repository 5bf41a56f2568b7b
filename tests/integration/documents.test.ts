import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import { makeHostilePdf } from '../helpers/document-pdfs.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { storedKeys } from '../helpers/test-vault.ts';
import { api, signUpParentWithChild, startTestServer, type ApiResponse, type TestServer } from '../helpers/test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const PDF = fixture('iep-sample.pdf');
const JPEG = fixture('photo-rotated.jpg');
const TEXT = fixture('notes.txt');

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

/** A multipart upload as a browser's FormData sends it: description fields, then the file. */
async function upload(
  server: TestServer,
  who: { token?: string },
  childId: number,
  file: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string } | null,
  fields: Record<string, string | string[]> = {},
  target = `/api/documents?childId=${childId}`,
  method: 'POST' | 'PUT' = 'POST',
): Promise<ApiResponse<any>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${server.url}${target}`, {
    method,
    body: form,
    headers: who.token ? { authorization: `Bearer ${who.token}` } : {},
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: json, text };
}

async function download(server: TestServer, family: Family, id: number, suffix = 'content', headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/documents/${id}/${suffix}?childId=${family.childId}`, {
    headers: { authorization: `Bearer ${family.token}`, ...headers },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Rows and objects the vault holds, to show that a refused or failed upload left nothing. */
async function vaultState(server: TestServer) {
  const objects = await server.db.selectFrom('storedObjects').select(['id']).execute();
  const documents = await server.db.selectFrom('documents').select(['id']).execute();
  return { objects: objects.length, documents: documents.length, keys: (await storedKeys(server.vault)).length };
}

describe.each(ENGINES)('document vault on %s', (engine) => {
  let server: TestServer;
  let family: Family;
  let pdf: any;
  let photo: any;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    // As at start-up: with nothing left pending, the catch-up queues nothing and the uploads below are read as usual.
    await server.services.documents.queueLeftPending();
    family = await signUpParentWithChild(server);
    pdf = (
      await upload(
        server,
        family,
        family.childId,
        { name: 'Annual IEP 2026.pdf', bytes: PDF, type: 'application/pdf' },
        { category: 'iep', documentDate: '2026-09-15', tags: ['annual', 'reading'] },
      )
    ).body;
    photo = (await upload(server, family, family.childId, { name: 'report.jpg', bytes: JPEG })).body;
    await server.services.documents.idle();
  });
  afterAll(() => server.close());

  it('keeps an uploaded PDF with its description, sniffed type, school year and the text inside', async () => {
    expect(pdf).toMatchObject({
      title: 'Annual IEP 2026',
      fileName: 'Annual IEP 2026.pdf',
      category: 'iep',
      documentDate: '2026-09-15',
      schoolYear: '2026-2027',
      tags: ['annual', 'reading'],
      mediaType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    const listed = await family.call('GET', '/documents');
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(2);
    expect(listed.body.items.find((item: any) => item.id === pdf.id)).toMatchObject({
      processing: 'done',
      pageCount: 4,
      hasThumbnail: true,
    });
  });

  it('finds a word from inside the PDF and shows where it was found', async () => {
    const found = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=dysgraphia`, { token: family.token });
    expect(found.body.items.map((item: any) => item.id)).toEqual([pdf.id]);
    const match = found.body.items[0].matches.find((m: any) => m.field === 'text');
    const marked = match.highlights.map((h: any) => match.excerpt.slice(h.start, h.start + h.length).toLowerCase());
    expect(marked).toContain('dysgraphia');
    // A prefix finds it too (instant search while typing), and a tag is searchable.
    const prefix = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=dysgr`, { token: family.token });
    expect(prefix.body.items.map((item: any) => item.id)).toEqual([pdf.id]);
    const tagged = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=reading`, { token: family.token });
    expect(tagged.body.items[0].matches.map((m: any) => m.field)).toContain('tags');
    const none = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=zebrafish`, { token: family.token });
    expect(none.body).toEqual({ items: [], total: 0 });
  });

  it('shows where a word is deep inside a long text, and the note it is in', async () => {
    const filler = 'The team reviewed reading fluency and classroom supports. '.repeat(6000);
    const long = Buffer.from(`${filler}Her handwriting suggests dysgraphia; an occupational therapy evaluation is advised.`);
    const text = await upload(
      server,
      family,
      family.childId,
      { name: 'long report.txt', bytes: long },
      { note: 'Ask about the handwriting goal' },
    );
    await server.services.documents.idle();
    const found = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=handwriting%20occupat`, {
      token: family.token,
    });
    const item = found.body.items.find((candidate: any) => candidate.id === text.body.id);
    const marked = (field: string) => {
      const match = item.matches.find((m: any) => m.field === field);
      return match.highlights.map((h: any) => match.excerpt.slice(h.start, h.start + h.length).toLowerCase());
    };
    expect(item.matches.map((m: any) => m.field)).toEqual(['note', 'text']);
    expect(marked('text')).toEqual(expect.arrayContaining(['handwriting', 'occupational']));
    expect(marked('note')).toEqual(['handwriting']);
    // A word typed in another form finds it through its stem ("therapies" -> "therapy"), only there.
    const stemmed = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=therapies%20advised`, {
      token: family.token,
    });
    expect(stemmed.body.items.map((candidate: any) => candidate.id)).toEqual([text.body.id]);
    const excerpt = stemmed.body.items[0].matches.find((m: any) => m.field === 'text');
    const words = excerpt.highlights.map((h: any) => excerpt.excerpt.slice(h.start, h.start + h.length).toLowerCase());
    expect(words).toEqual(expect.arrayContaining(['therapy', 'advised']));
    await family.call('DELETE', `/documents/${text.body.id}`);
  });

  it('serves the original bytes, inline for a PDF, as an attachment on request', async () => {
    const { response, bytes } = await download(server, family, pdf.id);
    expect(response.status).toBe(200);
    expect(bytes.equals(PDF)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Annual IEP 2026.pdf"');
    const attachment = await fetch(`${server.url}/api/documents/${pdf.id}/content?childId=${family.childId}&download=true`, {
      headers: { authorization: `Bearer ${family.token}` },
    });
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('answers byte ranges, for previews', async () => {
    const part = await download(server, family, pdf.id, 'content', { range: 'bytes=100-1123' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 100-1123/${PDF.length}`);
    expect(part.bytes.equals(PDF.subarray(100, 1124))).toBe(true);
    // Across a 64 KiB segment boundary is no different; a suffix range gives the end.
    const tail = await download(server, family, pdf.id, 'content', { range: 'bytes=-50' });
    expect(tail.bytes.equals(PDF.subarray(PDF.length - 50))).toBe(true);
    const outside = await download(server, family, pdf.id, 'content', { range: `bytes=${PDF.length + 10}-` });
    expect(outside.response.status).toBe(416);
    expect(outside.response.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
  });

  it('answers a suffix range longer than the file with the whole file, and ignores a range in another unit (RFC 9110)', async () => {
    const longer = await download(server, family, pdf.id, 'content', { range: `bytes=-${PDF.length + 500}` });
    expect(longer.response.status).toBe(206);
    expect(longer.response.headers.get('content-range')).toBe(`bytes 0-${PDF.length - 1}/${PDF.length}`);
    expect(longer.bytes.equals(PDF)).toBe(true);
    const items = await download(server, family, pdf.id, 'content', { range: 'items=0-5' });
    expect(items.response.status).toBe(200);
    expect(items.response.headers.get('content-range')).toBeNull();
    expect(items.bytes.equals(PDF)).toBe(true);
    // An empty suffix selects nothing: still refused.
    const none = await download(server, family, pdf.id, 'content', { range: 'bytes=-0' });
    expect(none.response.status).toBe(416);
  });

  it('makes an upright thumbnail of a phone photo turned by its EXIF orientation', async () => {
    const source = await sharp(JPEG).metadata();
    expect(source.orientation).toBe(6);
    expect(source.width).toBeGreaterThan(source.height);
    const { response, bytes } = await download(server, family, photo.id, 'thumbnail');
    expect(response.headers.get('content-type')).toBe('image/webp');
    const thumbnail = await sharp(bytes).metadata();
    expect(thumbnail.format).toBe('webp');
    expect(thumbnail.height).toBeGreaterThan(thumbnail.width);
  });

  it('shows nothing to another parent (404) or to nobody (401)', async () => {
    const stranger = await signUpParentWithChild(server);
    const statuses: Record<string, number> = {};
    for (const suffix of ['content', 'thumbnail', '']) {
      const response = await api(server, 'GET', `/api/documents/${pdf.id}/${suffix}?childId=${family.childId}`, { token: stranger.token });
      statuses[`their child's ${suffix || 'record'}`] = response.status;
      // Their own child id with this document's id: still not found.
      const crossed = await api(server, 'GET', `/api/documents/${pdf.id}/${suffix}?childId=${stranger.childId}`, { token: stranger.token });
      statuses[`own child, their ${suffix || 'record'}`] = crossed.status;
    }
    statuses.upload = (await upload(server, stranger, family.childId, { name: 'x.txt', bytes: TEXT })).status;
    statuses.anonymousDownload = (await api(server, 'GET', `/api/documents/${pdf.id}/content?childId=${family.childId}`)).status;
    statuses.anonymousUpload = (await upload(server, {}, family.childId, { name: 'x.txt', bytes: TEXT })).status;
    expect(statuses).toEqual({
      "their child's content": 404,
      'own child, their content': 404,
      "their child's thumbnail": 404,
      'own child, their thumbnail': 404,
      "their child's record": 404,
      'own child, their record': 404,
      upload: 404,
      anonymousDownload: 401,
      anonymousUpload: 401,
    });
    expectApiError(await upload(server, stranger, family.childId, { name: 'x.txt', bytes: TEXT }), 404, 'NOT_FOUND');
  });

  it('stores only ciphertext under random names', async () => {
    const text = await upload(server, family, family.childId, { name: 'Maya notes.txt', bytes: TEXT });
    expect(text.status).toBe(201);
    const keys = await storedKeys(server.vault);
    expect(keys.every((key) => /^[\w/.-]+$/.test(key) && !/maya|notes|iep|annual|pdf|txt/i.test(key))).toBe(true);
    const files = await readdir(path.join(server.vault.dataDir, 'objects'), { recursive: true });
    const bodies = await Promise.all(
      files.map((file) => readFile(path.join(server.vault.dataDir, 'objects', file)).catch(() => Buffer.alloc(0))),
    );
    const marker = TEXT.toString('utf8').slice(0, 24);
    // The files are really there to look at: the PDF, the photo, the text and their thumbnails.
    expect(bodies.filter((body) => body.length > 0).length).toBe(keys.length);
    expect(bodies.some((body) => body.includes('%PDF') || body.includes(marker))).toBe(false);
    await family.call('DELETE', `/documents/${text.body.id}`);
  });

  it('keeps a hostile file name harmless and an emoji name readable', async () => {
    const sneaky = await upload(server, family, family.childId, { name: '../../etc/passwd', bytes: TEXT });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.fileName).toBe('passwd');
    const emoji = await upload(server, family, family.childId, { name: 'Bilan 🌟 été.txt', bytes: TEXT });
    expect(emoji.body).toMatchObject({ fileName: 'Bilan 🌟 été.txt', title: 'Bilan 🌟 été', mediaType: 'text/plain' });
    const { response } = await download(server, family, emoji.body.id);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''Bilan%20%F0%9F%8C%9F%20%C3%A9t%C3%A9.txt`);
    for (const id of [sneaky.body.id, emoji.body.id]) await family.call('DELETE', `/documents/${id}`);
  });

  it('edits the description, links goals as evidence and records each change', async () => {
    const goal = await family.call('POST', '/goals', { area: 'writing', title: 'Write three sentences' });
    const edited = await family.call('PUT', `/documents/${photo.id}`, {
      title: 'Report card, term 1',
      category: 'report-card',
      documentDate: '2026-03-02',
      goalIds: [goal.body.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Report card, term 1',
      category: 'report-card',
      schoolYear: '2025-2026',
      goalIds: [goal.body.id],
    });
    // The new title is searchable at once.
    const found = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=term`, { token: family.token });
    expect(found.body.items.map((item: { id: number }) => item.id)).toEqual([photo.id]);
    const detail = await family.call('GET', `/goals/${goal.body.id}`);
    expect(detail.body.documents).toEqual([
      { id: photo.id, title: 'Report card, term 1', category: 'report-card', documentDate: '2026-03-02', mediaType: 'image/jpeg' },
    ]);
    const stranger = await signUpParentWithChild(server);
    const strangerGoal = await stranger.call('POST', '/goals', { area: 'writing', title: 'Theirs' });
    const refused = await family.call('PUT', `/documents/${photo.id}`, { goalIds: [strangerGoal.body.id] });
    expectApiError(refused, 400, 'BAD_REQUEST');
    const facets = await family.call('GET', '/documents/facets');
    expect(facets.body.schoolYears).toEqual([
      { schoolYear: '2026-2027', count: 1 },
      { schoolYear: '2025-2026', count: 1 },
    ]);
    const activities = await server.db
      .selectFrom('activities')
      .select(['action', 'subjectId'])
      .where('subjectType', '=', 'document')
      .execute();
    expect(activities).toEqual(
      expect.arrayContaining([
        { action: 'document.added', subjectId: pdf.id },
        { action: 'document.updated', subjectId: photo.id },
      ]),
    );
  });

  it('replaces a file, keeps the old one as an earlier version, and reads the new one', async () => {
    const before = await storedKeys(server.vault);
    const replaced = await upload(
      server,
      family,
      family.childId,
      { name: 'notes.txt', bytes: TEXT },
      {},
      `/api/documents/${photo.id}/content?childId=${family.childId}`,
      'PUT',
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: photo.id, title: 'Report card, term 1', fileName: 'notes.txt', mediaType: 'text/plain' });
    await server.services.documents.idle();
    const { bytes } = await download(server, family, photo.id);
    expect(bytes.equals(TEXT)).toBe(true);
    const after = await storedKeys(server.vault);
    // The photo stays as an earlier version (decision 0087); its thumbnail went; the text file came (text has no thumbnail).
    expect(after.length).toBe(before.length);
    expect(after.filter((key) => before.includes(key)).length).toBe(before.length - 1);
  });

  it('reads a file an earlier version left waiting in its own queue, once, when the server starts', async () => {
    const added = await upload(server, family, family.childId, {
      name: 'left waiting.txt',
      bytes: Buffer.from('Field trip to the planetarium'),
    });
    await server.services.documents.idle();
    // As an earlier version left it: pending, with no job (its queue lived in the process that stopped).
    await server.db.updateTable('documents').set({ processing: 'pending', contentText: null }).where('id', '=', added.body.id).execute();
    expect(await server.services.documents.queueLeftPending()).toBe(1);
    // Queued or read by now: not queued twice.
    expect(await server.services.documents.queueLeftPending()).toBe(0);
    await server.services.documents.idle();
    const found = await api<any>(server, 'GET', `/api/documents?childId=${family.childId}&q=planetarium`, { token: family.token });
    expect(found.body.items.map((item: any) => [item.id, item.processing])).toEqual([[added.body.id, 'done']]);
    expect((await family.call('DELETE', `/documents/${added.body.id}`)).status).toBe(200);
  });

  it('deleting a document, then the child, leaves nothing of theirs in the store', async () => {
    const removed = await family.call('DELETE', `/documents/${photo.id}`);
    expect(removed.body).toEqual({ id: photo.id, deleted: true, exportsWithdrawn: 0 });
    expectApiError(await family.call('GET', `/documents/${photo.id}/content`), 404, 'NOT_FOUND');
    const usage = await api<any>(server, 'GET', '/api/documents/usage', { token: family.token });
    expect(usage.body).toEqual({ usedBytes: expect.any(Number), quotaBytes: 1024 ** 3, maxFileBytes: 25 * 1024 ** 2, documentCount: 1 });
    expect(usage.body.usedBytes).toBeGreaterThanOrEqual(PDF.length);
    const other = await signUpParentWithChild(server);
    await upload(server, other, other.childId, { name: 'keep.pdf', bytes: PDF });
    await server.services.documents.idle();
    const othersKeys = (await storedKeys(server.vault)).length;
    expect((await api(server, 'DELETE', `/api/children/${family.childId}`, { token: family.token })).status).toBe(200);
    const left = await server.db.selectFrom('storedObjects').select(['ownerId']).execute();
    expect(left.every((row) => row.ownerId === other.userId)).toBe(true);
    // The other parent's PDF and thumbnail stay; the deleted child's PDF and thumbnail are gone.
    expect((await storedKeys(server.vault)).length).toBe(othersKeys - 2);
    expect((await api<any>(server, 'GET', '/api/documents/usage', { token: family.token })).body.usedBytes).toBe(0);
  });
});

describe.each(ENGINES)('document vault limits on %s', (engine) => {
  let server: TestServer;
  let family: Family;
  const small = { maxFileBytes: 64 * 1024, quotaBytes: 100 * 1024 };

  beforeAll(async () => {
    server = await startTestServer({ engine, vaultLimits: small });
    family = await signUpParentWithChild(server);
  });
  afterAll(() => server.close());

  async function refused(
    file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null,
    status: number,
    code: string,
    fields: Record<string, string> = {},
  ) {
    const before = await vaultState(server);
    const error = expectApiError(await upload(server, family, family.childId, file, fields), status, code);
    expect(await vaultState(server)).toEqual(before);
    return error;
  }

  it('refuses a file over the per-file limit, naming it, and keeps nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(small.maxFileBytes)]);
    expect((await refused({ name: 'big.pdf', bytes: big }, 413, 'PAYLOAD_TOO_LARGE')).message).toContain('64 KB');
  });

  it('refuses what would overflow the quota, naming it', async () => {
    const first = await upload(server, family, family.childId, { name: 'a.pdf', bytes: PDF });
    const second = await upload(server, family, family.childId, { name: 'b.pdf', bytes: PDF });
    expect([first.status, second.status]).toEqual([201, 201]);
    await server.services.documents.idle();
    expect((await refused({ name: 'c.pdf', bytes: PDF }, 413, 'PAYLOAD_TOO_LARGE')).message).toContain('100 KB');
    for (const id of [first.body.id, second.body.id]) await family.call('DELETE', `/documents/${id}`);
  });

  it('judges the type by content: SVG, HTML named .pdf and GIF are refused, an empty file too', async () => {
    expect((await refused({ name: 'drawing.svg', bytes: fixture('drawing.svg') }, 415, 'UNSUPPORTED_MEDIA_TYPE')).message).toMatch(
      /script/,
    );
    expect((await refused({ name: 'fake.pdf', bytes: fixture('fake.pdf') }, 415, 'UNSUPPORTED_MEDIA_TYPE')).message).toMatch(/script/);
    expect((await refused({ name: 'animation.gif', bytes: fixture('animation.gif') }, 415, 'UNSUPPORTED_MEDIA_TYPE')).message).toContain(
      'image/gif',
    );
    await refused({ name: 'empty.txt', bytes: new Uint8Array() }, 422, 'UNPROCESSABLE_CONTENT');
  });

  it('names bad description fields and a missing file', async () => {
    const error = await refused({ name: 'a.txt', bytes: TEXT }, 400, 'BAD_REQUEST', { category: 'shopping', documentDate: '2026-02-30' });
    expect(error.issues?.map((issue) => issue.path).sort()).toEqual(['category', 'documentDate']);
    await refused(null, 400, 'BAD_REQUEST', { title: 'no file' });
    const json = await api(server, 'POST', `/api/documents?childId=${family.childId}`, { token: family.token, json: { title: 'x' } });
    expectApiError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('leaves no row and no object when the upload is cut off half-way', async () => {
    const before = await vaultState(server);
    const boundary = 'cutoffboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/api/documents?childId=${family.childId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${family.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + PDF.length + 100),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(PDF.subarray(0, 20_000), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
    });
    await expect.poll(() => vaultState(server), { timeout: 5000 }).toEqual(before);
  });
});

describe.each(ENGINES)('a hostile PDF, one account among others, on %s', (engine) => {
  let server: TestServer;
  let mother: Family;
  let neighbour: Family;

  beforeAll(async () => {
    server = await startTestServer({ engine, rateLimits: { ...DEFAULT_RATE_LIMITS, uploadsPerAccount: { limit: 6, windowMs: 60_000 } } });
    mother = await signUpParentWithChild(server);
    neighbour = await signUpParentWithChild(server);
  });
  afterAll(() => server.close());

  const processingOf = async (family: Family, id: number) =>
    (await family.call('GET', `/documents/${id}`)).body as { processing: string; pageCount: number | null; hasThumbnail: boolean };

  it('reads the text of a 31 KB PDF of a million drawing operations, without a thumbnail, and answers other requests meanwhile', async () => {
    const hostile = makeHostilePdf(1_200_000, 'Occupational therapy schedule for Maya');
    expect(hostile.byteLength).toBeLessThan(40_000);
    const added = await upload(server, mother, mother.childId, { name: 'schedule.pdf', bytes: new Uint8Array(hostile) });
    expect(added.status).toBe(201);
    // Another family's request, and the uploader's own list, are answered while the file is being read.
    const meanwhile = await neighbour.call('GET', '/documents');
    expect(meanwhile.status).toBe(200);
    const listed = await mother.call('GET', '/documents');
    expect(listed.body.items.map((item: any) => [item.id, item.processing])).toEqual([[added.body.id, 'pending']]);

    await server.services.documents.idle();
    expect(await processingOf(mother, added.body.id)).toMatchObject({ processing: 'done', pageCount: 1, hasThumbnail: false });
    const found = await api<any>(server, 'GET', `/api/documents?childId=${mother.childId}&q=occupational`, { token: mother.token });
    expect(found.body.items.map((item: any) => item.id)).toEqual([added.body.id]);
  }, 120_000);

  it('reads another owner’s file while the first owner’s files still wait', async () => {
    // Each takes a second or more to read (its thumbnail is given up after 50,000 operators).
    const slow = await Promise.all(
      [1, 2, 3].map(async (index) => {
        const added = await upload(server, mother, mother.childId, {
          name: `slow-${index}.pdf`,
          bytes: new Uint8Array(makeHostilePdf(400_000, `slow ${index}`)),
        });
        expect(added.status).toBe(201);
        return added.body.id as number;
      }),
    );
    const theirs = await upload(server, neighbour, neighbour.childId, { name: 'notes.txt', bytes: TEXT });
    expect(theirs.status).toBe(201);
    await expect
      .poll(async () => (await processingOf(neighbour, theirs.body.id)).processing, { timeout: 60_000, interval: 50 })
      .toBe('done');
    const mothers = await Promise.all(slow.map(async (id) => (await processingOf(mother, id)).processing));
    // First come, first served would have read all three first.
    expect(mothers).toContain('pending');
    await server.services.documents.idle();
    expect(await Promise.all(slow.map(async (id) => (await processingOf(mother, id)).processing))).toEqual(['done', 'done', 'done']);
  }, 120_000);

  it('limits the files one account adds in a while (429 with Retry-After), not the other accounts on the same address', async () => {
    // Four of the mother's six are used above; replacing a file counts too.
    const first = await upload(server, mother, mother.childId, { name: 'a.txt', bytes: TEXT });
    expect(first.status).toBe(201);
    const replaced = await upload(
      server,
      mother,
      mother.childId,
      { name: 'b.txt', bytes: TEXT },
      {},
      `/api/documents/${first.body.id}/content?childId=${mother.childId}`,
      'PUT',
    );
    expect(replaced.status).toBe(200);
    const before = await vaultState(server);
    const refused = await upload(server, mother, mother.childId, { name: 'c.txt', bytes: TEXT });
    expect(expectApiError(refused, 429, 'TOO_MANY_REQUESTS').message).toMatch(/many files/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await vaultState(server)).toEqual(before);
    // The neighbour, on the same address, adds files as before.
    expect((await upload(server, neighbour, neighbour.childId, { name: 'd.txt', bytes: TEXT })).status).toBe(201);
    await server.services.documents.idle();
  });
});
