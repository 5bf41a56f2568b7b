/**
 * Snapshots (issue 27, decision 0107) through the real API on each engine: making and changing them, who
 * may do what, what a share link shows and for how long, and what each snapshot flag changes.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, mergeFeatureFlags } from '#shared/feature-flags.ts';
import { SNAPSHOT_LIMITS, type SnapshotView } from '#shared/schemas/snapshot.ts';
import { checkChildScope } from '../../server/core/child-scope.ts';
import { openLink } from '../../server/core/share-links.ts';
import { familyWithViewerAndUpdater, tokenOf } from '../helpers/caregivers.ts';
import { expectApiError, servicesLike } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, uploadDocument, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

/** The PDF's text, pages joined. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: bytes, verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await task.destroy();
  }
}

describe.each(ENGINES)('snapshots on %s', (engine) => {
  let server: TestServer;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock) });
  });
  afterAll(() => server?.close());

  const openShared = (token: string, what: '' | '/pdf' | '/photo' = '', extra: object = {}) =>
    api(server, 'POST', `/api/shared/snapshot${what}`, { json: { token, ...extra } });

  /** A child with something in every section: strengths, challenges, strategies, a goal with progress, a medication, people, observations. */
  async function fullRecord(family: Family) {
    await api(server, 'PUT', `/api/children/${family.childId}`, {
      token: family.token,
      json: {
        strengths: ['Kind to younger children'],
        challenges: ['Loud rooms'],
        interests: ['Trains'],
        diagnoses: ['ADHD'],
        pronouns: 'she/her',
        school: 'Oak Elementary',
        supportPlan: 'iep',
        planReviewDate: '2026-03-01',
      },
    });
    await family.call('POST', '/strategies', { title: 'Noise-cancelling headphones', kind: 'tool', whereUsed: 'school', effectiveness: 5 });
    await family.call('POST', '/strategies', { title: 'Five-minute warning', kind: 'routine', whereUsed: 'home', effectiveness: 3 });
    await family.call('POST', '/strategies', { title: 'Calm corner', kind: 'intervention', whereUsed: 'school', effectiveness: 4 });
    const goal = (await family.call('POST', '/goals', { title: 'Read 60 words a minute', area: 'reading', baseline: 30, target: 60 })).body;
    for (const [day, value] of [
      ['2026-09-01', 35],
      ['2026-10-01', 42],
    ] as const) {
      await family.call('POST', `/goals/${goal.id}/progress`, { recordedOn: day, value });
    }
    await family.call('POST', '/medications', { name: 'Methylphenidate', dose: '10 mg' });
    await family.call('POST', '/people', { name: 'Dana Parent', role: 'parent', phone: '555-0100' });
    await family.call('POST', '/people', { name: 'Ms Rivera', role: 'teacher', email: 'rivera@example.com' });
    await family.call('POST', '/observations', { what: 'Read a whole chapter aloud', isWin: true, mood: 4 });
    return { goalId: goal.id as number };
  }

  const create = (family: Family, data: object) => family.call('POST', '/snapshots', data);
  const share = (family: Family, id: number, days?: number) =>
    family.call('POST', `/snapshots/${id}/links`, days === undefined ? {} : { expiresInDays: days });

  it('makes, reads, changes and deletes a snapshot; sections follow the audience and the order sent', async () => {
    const family = await signUpParentWithChild(server);
    await fullRecord(family);

    const made = await create(family, { audience: 'teacher' });
    expect(made.status).toBe(201);
    const visible = (made.body.sections as { key: string; visible: boolean }[]).filter((s) => s.visible).map((s) => s.key);
    expect(visible).toEqual(['about', 'strengths', 'what-helps', 'challenges', 'goals', 'support-plan', 'people']);
    expect(made.body).toMatchObject({ audience: 'teacher', title: null, recentWindow: '2w', activeLinks: 0, addedBy: { isYou: true } });

    // Sections sent keep their order; those left out follow, hidden; the parent's wording is kept, the record untouched.
    const ordered = await create(family, {
      audience: 'sitter',
      title: 'For Grandma',
      sections: [
        { key: 'people', visible: true },
        { key: 'about', visible: true, text: 'Maya loves trains and bedtime stories.' },
      ],
    });
    expect(ordered.status).toBe(201);
    expect(ordered.body.sections.slice(0, 3)).toEqual([
      { key: 'people', visible: true, text: null },
      { key: 'about', visible: true, text: 'Maya loves trains and bedtime stories.' },
      { key: 'what-helps', visible: false, text: null },
    ]);
    expect(ordered.body.sections).toHaveLength(9);

    const read = await family.call('GET', `/snapshots/${ordered.body.id}`);
    expect(read.status).toBe(200);
    // The preview has every section, hidden ones too, in the snapshot's order, with the parent's words.
    expect(read.body.preview.sections.map((s: { key: string }) => s.key)).toEqual(ordered.body.sections.map((s: { key: string }) => s.key));
    const about = read.body.preview.sections[1];
    expect(about).toMatchObject({ heading: 'About me', text: 'Maya loves trains and bedtime stories.' });
    expect(about.content).toMatchObject({
      name: 'Maya',
      pronouns: 'she/her',
      interests: ['Trains'],
      proudOf: ['Read a whole chapter aloud'],
    });
    // A sitter is not told the diagnoses; a doctor is.
    expect(about.content.diagnoses).toEqual([]);
    const doctor = await create(family, { audience: 'doctor' });
    const doctorAbout = (await family.call('GET', `/snapshots/${doctor.body.id}`)).body.preview.sections[0];
    expect(doctorAbout.content.diagnoses).toEqual(['ADHD']);

    const preview = read.body.preview.sections as { key: string; content: Record<string, unknown> }[];
    const section = (key: string) => preview.find((s) => s.key === key)?.content as Record<string, any>;
    expect(section('what-helps').strategies.map((s: { title: string }) => s.title)).toEqual([
      'Noise-cancelling headphones',
      'Five-minute warning',
    ]);
    expect(section('challenges')).toMatchObject({ items: ['Loud rooms'], whatToDo: [{ title: 'Calm corner', effectiveness: 4 }] });
    expect(section('goals').goals[0]).toMatchObject({ baseline: 30, target: 60, latestValue: 42, latestOn: '2026-10-01' });
    expect(section('goals').goals[0].points).toEqual([
      { on: '2026-09-01', value: 35 },
      { on: '2026-10-01', value: 42 },
    ]);
    expect(section('medications').items).toEqual([{ name: 'Methylphenidate', dose: '10 mg', schedule: null, prescriber: null }]);
    expect(section('recent-observations')).toMatchObject({ window: '48h', count: 1, weeks: [] });

    const changed = await family.call('PUT', `/snapshots/${ordered.body.id}`, { title: 'For Grandpa', recentWindow: '72h' });
    expect(changed.body).toMatchObject({ title: 'For Grandpa', recentWindow: '72h', audience: 'sitter' });
    expect(changed.body.sections).toEqual(ordered.body.sections);

    const listed = await family.call('GET', '/snapshots');
    expect(listed.body.map((s: { id: number }) => s.id)).toEqual([doctor.body.id, ordered.body.id, made.body.id]);

    expect((await family.call('DELETE', `/snapshots/${made.body.id}`)).body).toEqual({ id: made.body.id, deleted: true });
    expect(expectApiError(await family.call('GET', `/snapshots/${made.body.id}`), 404, 'NOT_FOUND').message).toBe('Snapshot not found');

    // The feed names a snapshot by its title, else its audience.
    const feed = (await family.call('GET', '/activities')).body as { action: string; title: string | null }[];
    expect(feed.find((entry) => entry.action === 'snapshot.updated')?.title).toBe('For Grandpa');
    expect(feed.filter((entry) => entry.action === 'snapshot.created').map((entry) => entry.title)).toContain('doctor');
  });

  it('refuses what does not fit: unknown keys, repeated sections, long words, a photo that is not a picture of this child, too many', async () => {
    const family = await signUpParentWithChild(server);
    const bad = async (data: object) => expectApiError(await create(family, data), 400, 'BAD_REQUEST').issues;
    expect(await bad({ audience: 'coach' })).toEqual([expect.objectContaining({ path: 'audience' })]);
    expect(
      await bad({
        audience: 'teacher',
        sections: [
          { key: 'about', visible: true },
          { key: 'about', visible: false },
        ],
      }),
    ).toEqual([{ path: 'sections', message: 'Each section can be listed once' }]);
    expect(await bad({ audience: 'teacher', title: 'x'.repeat(SNAPSHOT_LIMITS.title + 1) })).toEqual([
      { path: 'title', message: `At most ${SNAPSHOT_LIMITS.title} characters` },
    ]);
    const notAPhoto = await uploadDocument(server, family, 'notes.txt', Buffer.from('plain text'));
    expect(await bad({ audience: 'teacher', photoDocumentId: notAPhoto })).toEqual([
      { path: 'photoDocumentId', message: 'Choose a JPEG or PNG photo from this child\u2019s vault' },
    ]);
    const other = await signUpParentWithChild(server);
    const othersPhoto = await uploadDocument(server, other, 'face.png', PNG);
    expect(await bad({ audience: 'teacher', photoDocumentId: othersPhoto })).toEqual([
      { path: 'photoDocumentId', message: 'Choose a JPEG or PNG photo from this child\u2019s vault' },
    ]);
    const photo = await uploadDocument(server, family, 'face.png', PNG);
    expect((await create(family, { audience: 'teacher', photoDocumentId: photo })).body.photoDocumentId).toBe(photo);
    expect(expectApiError(await family.call('PUT', '/snapshots/1', {}), 400, 'BAD_REQUEST').message).toBeTruthy();

    for (let made = 1; made < SNAPSHOT_LIMITS.snapshotsPerChild; made += 1)
      expect((await create(family, { audience: 'sitter' })).status).toBe(201);
    expect(expectApiError(await create(family, { audience: 'sitter' }), 409, 'CONFLICT').message).toBe(
      `A child can have at most ${SNAPSHOT_LIMITS.snapshotsPerChild} snapshots. Delete one you no longer use to make another.`,
    );
  });

  it('roles: a viewer reads and downloads, an updater makes and edits, only an owner deletes, shares and revokes', async () => {
    const { family, viewer, updater, as } = await familyWithViewerAndUpdater(server);

    const snapshot = (await create(family, { audience: 'teacher' })).body;
    expect((await as(viewer, 'GET', '/snapshots')).status).toBe(200);
    expect((await as(viewer, 'GET', `/snapshots/${snapshot.id}`)).status).toBe(200);
    const pdf = await api(server, 'GET', `/api/snapshots/${snapshot.id}/pdf?childId=${family.childId}&paper=a4`, { token: viewer.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(expectApiError(await as(viewer, 'POST', '/snapshots', { audience: 'teacher' }), 403, 'FORBIDDEN').message).toBeTruthy();

    const made = await as(updater, 'POST', '/snapshots', { audience: 'doctor' });
    expect(made.status).toBe(201);
    expect((await as(updater, 'PUT', `/snapshots/${made.body.id}`, { title: 'For Dr Lee' })).status).toBe(200);
    expect((await as(updater, 'DELETE', `/snapshots/${made.body.id}`)).status).toBe(403);
    expect((await as(updater, 'POST', `/snapshots/${snapshot.id}/links`, {})).status).toBe(403);
    expect((await as(updater, 'GET', `/snapshots/${snapshot.id}/links`)).status).toBe(403);

    const link = await share(family, snapshot.id);
    expect(link.status).toBe(201);
    expect((await as(updater, 'DELETE', `/snapshot-links/${link.body.id}`)).status).toBe(403);
    expect((await family.call('DELETE', `/snapshot-links/${link.body.id}`)).body).toEqual({ id: link.body.id, deleted: true });
    expect((await family.call('DELETE', `/snapshots/${made.body.id}`)).status).toBe(200);
  });

  it('a link shows the visible sections only, is counted and audited when opened, and ends by revocation or deletion', async () => {
    const family = await signUpParentWithChild(server);
    await fullRecord(family);
    const snapshot = (
      await create(family, {
        audience: 'sitter',
        sections: [
          { key: 'about', visible: true },
          { key: 'medications', visible: false },
          { key: 'people', visible: true },
        ],
      })
    ).body;
    const link = await share(family, snapshot.id, 3);
    expect(link.body).toEqual({
      id: expect.any(Number),
      link: expect.stringMatching(/\/snapshots\/view#[\w-]{43}$/),
      expiresAt: new Date(clock + 3 * DAY_MS).toISOString(),
    });
    const token = tokenOf(link.body.link);

    const opened = await openShared(token);
    expect(opened.status).toBe(200);
    expect((opened.body as SnapshotView).sections.map((s) => s.key)).toEqual(['about', 'people']);
    expect(opened.text).not.toContain('Medications');
    expect(opened.text).not.toContain('Methylphenidate');
    expect(opened.text).toContain('Ms Rivera');

    const pdf = await openShared(token, '/pdf', { paper: 'a4' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await pdfBytes(token));
    expect(text).toContain('Ms Rivera');
    expect(text).not.toContain('Methylphenidate');
    expect(text).not.toContain('Medications');

    // Each open is counted in the parent's list and lands in the child's audit log.
    const links = (await family.call('GET', '/snapshots/' + snapshot.id + '/links')).body;
    expect(links).toEqual([
      expect.objectContaining({
        id: link.body.id,
        snapshotId: snapshot.id,
        audience: 'sitter',
        opens: 3,
        lastOpenedAt: expect.any(String),
        addedBy: { name: expect.any(String), isYou: true },
      }),
    ]);
    expect((await family.call('GET', '/snapshots')).body[0].activeLinks).toBe(1);
    const audit = (await family.call('GET', '/audit')).body as { action: string; subjectType: string; subjectId: number; actor: unknown }[];
    expect(audit.filter((entry) => entry.action === 'link.opened')).toHaveLength(3);
    expect(audit.find((entry) => entry.action === 'link.opened')).toMatchObject({
      subjectType: 'link',
      subjectId: link.body.id,
      actor: null,
    });

    // Revoked: 404 at once, and off the list.
    expect((await family.call('DELETE', `/snapshot-links/${link.body.id}`)).status).toBe(200);
    expect(expectApiError(await openShared(token), 404, 'NOT_FOUND').message).toBe(
      'This link was turned off. Ask the person who sent it for a new one.',
    );
    expect((await family.call('GET', `/snapshots/${snapshot.id}/links`)).body).toEqual([]);
    expect((await family.call('DELETE', `/snapshot-links/${link.body.id}`)).status).toBe(404);

    // Deleting the snapshot ends its links.
    const second = tokenOf((await share(family, snapshot.id)).body.link);
    expect((await openShared(second)).status).toBe(200);
    await family.call('DELETE', `/snapshots/${snapshot.id}`);
    expect((await openShared(second)).status).toBe(404);
    expect((await openShared(second, '/pdf')).status).toBe(404);

    async function pdfBytes(linkToken: string): Promise<Uint8Array> {
      const response = await fetch(`${server.url}/api/shared/snapshot/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: linkToken, paper: 'letter' }),
      });
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    }
  });

  it('a link expires (the clock moved) with a sentence; deleting the child ends it at once; at most 20 open per snapshot', async () => {
    const family = await signUpParentWithChild(server);
    const snapshot = (await create(family, { audience: 'teacher' })).body;
    const started = clock;
    try {
      const link = await share(family, snapshot.id, 1);
      const token = tokenOf(link.body.link);
      clock = started + DAY_MS - 1;
      expect((await openShared(token)).status).toBe(200);
      clock = started + DAY_MS;
      const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(clock),
      );
      expect(expectApiError(await openShared(token), 410, 'GONE').message).toBe(
        `This link expired on ${day}. Ask the person who sent it for a new one.`,
      );
      // An expired link is no longer in the list of open ones.
      expect((await family.call('GET', `/snapshots/${snapshot.id}/links`)).body).toEqual([]);
    } finally {
      clock = started;
    }
    expect(expectApiError(await share(family, snapshot.id, 31), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'expiresInDays', message: 'Choose from 1 to 30 days' },
    ]);
    const another = (await create(family, { audience: 'sitter' })).body;
    const tokens: string[] = [];
    for (let made = 0; made < SNAPSHOT_LIMITS.activeLinksPerSnapshot; made += 1)
      tokens.push(tokenOf((await share(family, another.id)).body.link));
    expect(expectApiError(await share(family, another.id), 409, 'CONFLICT').message).toBe(
      `This snapshot already has ${SNAPSHOT_LIMITS.activeLinksPerSnapshot} open links. Turn one off to make another.`,
    );
    expect((await openShared(tokens[0] as string)).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/children/${family.childId}`, { token: family.token })).status).toBe(200);
    expect(expectApiError(await openShared(tokens[0] as string), 404, 'NOT_FOUND').message).toBeTruthy();
  });

  it('the photo: a link opens the snapshot’s photo bytes; none is a 404', async () => {
    const family = await signUpParentWithChild(server);
    const photo = await uploadDocument(server, family, 'face.png', PNG);
    const withPhoto = (await create(family, { audience: 'teacher', photoDocumentId: photo })).body;
    const without = (await create(family, { audience: 'teacher' })).body;
    const token = tokenOf((await share(family, withPhoto.id)).body.link);
    const response = await fetch(`${server.url}/api/shared/snapshot/photo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(((await openShared(token)).body as SnapshotView).hasPhoto).toBe(true);
    const none = tokenOf((await share(family, without.id)).body.link);
    expect(expectApiError(await openShared(none, '/photo'), 404, 'NOT_FOUND').message).toBe('This snapshot has no photo.');
  });

  describe('the flags, each in both states, in what a link shows', () => {
    async function viewWith(flags: Record<string, boolean>, family: Family, snapshotId: number) {
      const services = servicesLike(server, { featureFlags: mergeFeatureFlags(flags, FEATURE_FLAG_DEFAULTS), now: () => new Date(clock) });
      const scope = await checkChildScope(server.db, family.userId, family.childId, 'owner');
      const { token } = await (async () => {
        const made = await services.snapshots.share(scope, snapshotId, { expiresInDays: 1 });
        return { token: tokenOf(made.link) };
      })();
      return services.snapshots.shared(await openLink(server.db, token, 'snapshot', new Date(clock)));
    }

    it('FLAG_SNAPSHOT_FIX_PARENTS_MEDS: on, parents and medications appear; off, neither, whatever the snapshot says', async () => {
      const family = await signUpParentWithChild(server);
      await fullRecord(family);
      const snapshot = (await create(family, { audience: 'sitter' })).body;
      const on = await viewWith({ FLAG_SNAPSHOT_FIX_PARENTS_MEDS: true }, family, snapshot.id);
      const off = await viewWith({ FLAG_SNAPSHOT_FIX_PARENTS_MEDS: false }, family, snapshot.id);
      const people = (view: SnapshotView) =>
        (view.sections.find((s) => s.key === 'people')?.content as { items: { name: string }[] } | undefined)?.items.map((p) => p.name);
      expect(on.sections.map((s) => s.key)).toContain('medications');
      expect(people(on)).toEqual(['Dana Parent', 'Ms Rivera']);
      expect(off.sections.map((s) => s.key)).not.toContain('medications');
      expect(people(off)).toEqual(['Ms Rivera']);
      expect(JSON.stringify(off)).not.toContain('Methylphenidate');
    });

    it('FLAG_SNAPSHOT_DISPLAY_V2 sets the layout (profile or list, no photo in a list); FLAG_PDF_PRINT_STYLES sets printStyles', async () => {
      const family = await signUpParentWithChild(server);
      const photo = await uploadDocument(server, family, 'face.png', PNG);
      const snapshot = (await create(family, { audience: 'teacher', photoDocumentId: photo })).body;
      const v2 = await viewWith({ FLAG_SNAPSHOT_DISPLAY_V2: true, FLAG_PDF_PRINT_STYLES: false }, family, snapshot.id);
      const v1 = await viewWith({ FLAG_SNAPSHOT_DISPLAY_V2: false, FLAG_PDF_PRINT_STYLES: true }, family, snapshot.id);
      expect({ layout: v2.layout, hasPhoto: v2.hasPhoto, printStyles: v2.printStyles }).toEqual({
        layout: 'profile',
        hasPhoto: true,
        printStyles: false,
      });
      expect({ layout: v1.layout, hasPhoto: v1.hasPhoto, printStyles: v1.printStyles }).toEqual({
        layout: 'list',
        hasPhoto: false,
        printStyles: true,
      });
      expect(v1.sections).toEqual(v2.sections);
    });
  });
});
