/**
 * What the snapshot specs share: a child with a full record made through the REST API, and a
 * downloaded PDF read back with pdfjs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import type { SnapshotCreate } from '#shared/schemas/snapshot.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isoDaysFromNow, signUpThroughApi, yearsAgo, type ApiParent } from './journeys.ts';

/** A medication name no other text on a page contains. */
export const MEDICATION = 'Guanfacine Zephyr XR';
/** The record's parent (left out of people with FLAG_SNAPSHOT_FIX_PARENTS_MEDS off) and teacher. */
export const PARENT = 'Rosa Lopez';
export const TEACHER = 'Ms. Alvarez';

/** The PDF's pages and its text, whitespace made single spaces. */
export async function readPdf(file: string): Promise<{ pages: number; text: string; size: number[] }> {
  const task = getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  const first = await pdf.getPage(1);
  const contents = await Promise.all(
    Array.from({ length: pdf.numPages }, async (_, index) => (await pdf.getPage(index + 1)).getTextContent()),
  );
  const text = contents
    .flatMap((content) => content.items.map((item) => ('str' in item ? item.str : '')))
    .join(' ')
    .replace(/\s+/g, ' ');
  const result = { pages: pdf.numPages, text, size: first.view.map(Math.round) };
  await task.destroy();
  return result;
}

/**
 * Maya's record as a parent builds it over a few weeks, through the REST API: the profile (strengths,
 * challenges, interests), strategies (one for hard moments), a goal with progress, a medication,
 * people including a parent, and observations (a win among them). `siblings`: more children, without a record.
 */
export async function fullRecord(
  page: Page,
  { firstName = 'Maya', siblings = [] }: { firstName?: string; siblings?: ChildCreateInput[] } = {},
): Promise<ApiParent> {
  const parent = await signUpThroughApi(page, [
    {
      firstName,
      lastName: 'Lopez',
      dateOfBirth: yearsAgo(9),
      grade: '4',
      pronouns: 'she/her',
      school: 'Lincoln Elementary School',
      supportPlan: 'iep',
      planReviewDate: isoDaysFromNow(60),
      strengths: ['Creative storyteller', 'Great at puzzles'],
      challenges: ['Loud, busy rooms', 'Changes to the plan without warning'],
      interests: ['Dinosaurs', 'Drawing comics'],
      diagnoses: ['ADHD'],
    },
    ...siblings,
  ]);
  const childId = parent.children[0]?.id;
  await parent.post('/api/strategies', { title: 'Visual timer for transitions', kind: 'tool', effectiveness: 5 });
  await parent.post('/api/strategies', { title: 'Seat near the teacher', kind: 'accommodation', whereUsed: 'school', effectiveness: 4 });
  await parent.post('/api/strategies', { title: 'Offer the break card', kind: 'intervention', effectiveness: 4 });
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'reading',
    title: 'Read five pages a night',
    status: 'in-progress',
    baseline: 1,
    target: 5,
    unit: 'pages',
  });
  for (const [days, value] of [
    [-21, 2],
    [-10, 3],
    [-3, 4],
  ] as const) {
    await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(days), value });
  }
  await parent.post(`/api/medications?childId=${childId}`, { name: MEDICATION, dose: '1 mg', schedule: 'Every morning' });
  await parent.post(`/api/people?childId=${childId}`, { name: PARENT, role: 'parent', phone: '555-0100' });
  await parent.post(`/api/people?childId=${childId}`, { name: TEACHER, role: 'teacher', email: 'alvarez@lincoln.example.org' });
  await parent.post('/api/observations', { what: 'Read a whole chapter to her brother', isWin: true, mood: 5 });
  await parent.post('/api/observations', { what: 'Upset when the bus was late', mood: 2 });
  return parent;
}

/** A PNG from the fixtures, put in the child's vault through POST /api/documents; answers its id. */
export async function vaultPhoto(page: Page, parent: ApiParent, childId = parent.children[0]?.id): Promise<number> {
  const picture = await readFile(path.resolve(import.meta.dirname, '../../tests/fixtures/documents/picture.png'));
  const uploaded = await page.request.post(`/api/documents?childId=${childId}`, {
    headers: { authorization: `Bearer ${parent.token}` },
    multipart: { category: 'other', file: { name: 'maya-at-the-park.png', mimeType: 'image/png', buffer: picture } },
  });
  if (!uploaded.ok()) throw new Error(`POST /api/documents answered ${uploaded.status()}: ${await uploaded.text()}`);
  return ((await uploaded.json()) as { id: number }).id;
}

/** A snapshot made through POST /api/snapshots, shared through POST /api/snapshots/{id}/links: the link. */
export async function sharedSnapshot(
  parent: ApiParent,
  data: SnapshotCreate,
  childId = parent.children[0]?.id,
): Promise<{ id: number; link: string }> {
  const snapshot = await parent.post<{ id: number }>('/api/snapshots', data, childId);
  const { link } = await parent.post<{ link: string }>(`/api/snapshots/${snapshot.id}/links`, { expiresInDays: 2 }, childId);
  return { id: snapshot.id, link };
}

/** The heading of the snapshot open in the editor (its preview, further down, names it too). */
export function editorHeading(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true }).getByRole('heading', { name, exact: true }).first();
}
