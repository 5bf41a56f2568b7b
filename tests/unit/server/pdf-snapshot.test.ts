/**
 * The snapshot's and the IEP meeting pack's PDFs (issue 27, decision 0108), made through renderPdf on
 * the PDF worker and read back with pdfjs as a reader (or a screen reader) gets them.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_LIMITS, type SnapshotView } from '#shared/schemas/snapshot.ts';
import { renderPdf } from '../../../server/core/pdf.ts';
import { meetingPackPdfContent, snapshotPdfContent } from '../../../server/features/snapshots/snapshot-pdf.ts';
import { fullSnapshotView, meetingPackSample } from '../../helpers/snapshot-samples.ts';

/** A 1×1 PNG, the photo. */
const PHOTO = {
  bytes: new Uint8Array(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  ),
  mediaType: 'image/png' as const,
};

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

interface PageRead {
  /** Width and height in points. */
  size: [number, number];
  text: string;
  /** Each text item's height in points (its font size as drawn). */
  sizes: number[];
  /** Each text item's baseline, in points from the bottom of the page. */
  baselines: number[];
  /** Where each text item starts, in points from the left edge, by its text. */
  starts: Map<string, number>;
}

/** What a reader gets from the PDF: each page's text and sizes, the structure tree, title, language, whether it is marked. */
async function readPdf(bytes: Buffer) {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  try {
    const pages: PageRead[] = [];
    const structure: StructNode[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.filter((item) => 'str' in item && item.str.trim() !== '') as {
        str: string;
        hasEOL: boolean;
        transform: number[];
      }[];
      pages.push({
        size: [page.view[2] as number, page.view[3] as number],
        text: items.map((item) => item.str).join('\n'),
        sizes: items.map((item) => Math.hypot(item.transform[2] as number, item.transform[3] as number)),
        baselines: items.map((item) => item.transform[5] as number),
        starts: new Map(items.map((item) => [item.str, item.transform[4] as number])),
      });
      structure.push((await page.getStructTree()) as StructNode);
    }
    const metadata = await pdf.getMetadata();
    const markInfo = (await pdf.getMarkInfo()) as Map<string, unknown> | { Marked?: boolean } | null;
    const nodes = (node: StructNode): StructNode[] => [node, ...(node.children ?? []).flatMap(nodes)];
    const all = structure.flatMap(nodes);
    return {
      pages,
      text: pages.map((page) => page.text).join('\n'),
      info: metadata.info as { Title?: string; Language?: string },
      marked: markInfo instanceof Map ? markInfo.get('Marked') : markInfo?.Marked,
      roles: new Set(all.map((node) => node.role).filter(Boolean)),
      figures: all.filter((node) => node.role === 'Figure').map((node) => node.alt ?? ''),
    };
  } finally {
    await task.destroy();
  }
}

/** The fonts the PDF names, and how many of them carry their glyphs (an embedded TrueType program). */
function fonts(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  return {
    names: [...new Set([...raw.matchAll(/\/BaseFont \/([\w+-]+)/g)].map((match) => match[1] as string))],
    descriptors: raw.match(/\/Type \/FontDescriptor/g)?.length ?? 0,
    embedded: raw.match(/\/FontFile2 /g)?.length ?? 0,
  };
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the snapshot PDF', () => {
  it('prints a full record on one Letter page, tagged, in the view’s order, its font embedded and nothing under 9 pt', async () => {
    const view = fullSnapshotView();
    const bytes = await renderPdf(snapshotPdfContent(view, { paper: 'letter', photo: PHOTO }));
    const pdf = await readPdf(bytes);

    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]?.size).toEqual([612, 792]);
    // The profile: sections in two columns.
    const headingStarts = view.sections.map((section) => pdf.pages[0]?.starts.get(section.heading) as number);
    expect(headingStarts.some((x) => x < 60)).toBe(true);
    expect(headingStarts.some((x) => x > 306)).toBe(true);
    // Headings in the view's order, and what each section holds.
    const text = flat(pdf.text);
    const at = view.sections.map((section) => text.indexOf(section.heading));
    expect(at.every((position) => position >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const words of [
      'Zoë Ångström',
      'Maple Grove Elementary',
      'Visual schedule on her desk (rated 5 of 5)',
      'Methylphenidate ER',
      '18 mg',
      'Sam Lee (Therapist)',
      'Used the break card twice in maths',
      'Dyslexia',
    ])
      expect(text).toContain(words);
    expect(Math.min(...pdf.pages.flatMap((page) => page.sizes))).toBeGreaterThanOrEqual(SNAPSHOT_LIMITS.minFontPt - 0.01);

    // For screen readers: marked, structured, each chart and the photo described in words.
    expect(pdf.marked).toBe(true);
    for (const role of ['Document', 'Sect', 'H1', 'H2', 'P', 'L', 'LI', 'LBody', 'Table', 'TR', 'TH', 'TD', 'Figure'])
      expect(pdf.roles).toContain(role);
    expect(pdf.figures).toContain('Photo of Zoë');
    expect(pdf.figures.filter((alt) => alt.startsWith('Progress chart for'))).toHaveLength(3);
    expect(pdf.figures).toContain(
      'Progress chart for Read 80 words a minute in grade-level text. 12 entries from Jan 5, 2026 to Jun 8, 2026, going from 42 words a minute to 61.8 words a minute. Baseline 42 words a minute. Target 80 words a minute.',
    );
    expect(pdf.info.Title).toBe('Zoë: For the new school year');
    expect(pdf.info.Language ?? 'en-US').toBe('en-US');
    expect(bytes.toString('latin1')).toContain('/Lang (en-US)');

    // Liberation Sans, regular and bold, each embedded as a subset; no font left to the reader's machine.
    const used = fonts(bytes);
    expect(used.names.some((name) => /^[A-Z]{6}\+LiberationSans$/.test(name))).toBe(true);
    expect(used.names.some((name) => /^[A-Z]{6}\+LiberationSans-Bold$/.test(name))).toBe(true);
    expect(used.names.every((name) => name.includes('LiberationSans'))).toBe(true);
    expect(used.embedded).toBe(used.descriptors);
  }, 30_000);

  it('is A4 when asked, still one page', async () => {
    const pdf = await readPdf(await renderPdf(snapshotPdfContent(fullSnapshotView(), { paper: 'a4', photo: PHOTO })));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]?.size.map(Math.round)).toEqual([595, 842]);
    expect(pdf.figures).toContain('Photo of Zoë');
  }, 30_000);

  it('prints only the sections the view has: no medications section, no medication', async () => {
    const full = fullSnapshotView();
    const view: SnapshotView = { ...full, sections: full.sections.filter((section) => section.key !== 'medications') };
    const text = flat((await readPdf(await renderPdf(snapshotPdfContent(view, { paper: 'letter', photo: null })))).text);
    expect(text).toContain('People to call');
    for (const words of ['Medications', 'Methylphenidate', 'Melatonin', '18 mg']) expect(text).not.toContain(words);
  }, 30_000);

  it('prints the parent’s wording instead of the record’s, and the list layout as one column without the photo', async () => {
    const full = fullSnapshotView({ layout: 'list' });
    const view: SnapshotView = {
      ...full,
      sections: full.sections.map((section) =>
        section.key === 'strengths' ? { ...section, text: 'She lights up any room.\nAnd she is brave.' } : section,
      ),
    };
    const pdf = await readPdf(await renderPdf(snapshotPdfContent(view, { paper: 'letter', photo: PHOTO })));
    const text = flat(pdf.text);
    expect(text).toContain('She lights up any room. And she is brave.');
    expect(text).not.toContain('Kind to younger children');
    expect(pdf.figures).not.toContain('Photo of Zoë');
    // One column: every section's heading at the left margin.
    for (const section of view.sections)
      expect(pdf.pages.find((page) => page.starts.has(section.heading))?.starts.get(section.heading)).toBe(36);
    expect(Math.min(...pdf.pages.flatMap((page) => page.sizes))).toBeGreaterThanOrEqual(SNAPSHOT_LIMITS.minFontPt - 0.01);
  }, 30_000);

  it('goes on to a second page under "(continued)" rather than setting text under 9 pt', async () => {
    const full = fullSnapshotView();
    // The most a parent may write for one section, a line at a time, in the last section.
    const long = Array.from({ length: 70 }, (_, index) => `Line ${index + 1} of what we saw.`).join('\n');
    expect(long.length).toBeLessThanOrEqual(SNAPSHOT_LIMITS.sectionText);
    const view: SnapshotView = {
      ...full,
      sections: full.sections.map((section) => (section.key === 'recent-observations' ? { ...section, text: long } : section)),
    };
    const pdf = await readPdf(await renderPdf(snapshotPdfContent(view, { paper: 'letter', photo: PHOTO })));
    expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
    const text = flat(pdf.text);
    // Every line, in order, none dropped.
    const at = Array.from({ length: 70 }, (_, index) => text.indexOf(`Line ${index + 1} of what we saw.`));
    expect(at.every((position) => position >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The second page starts with the heading of what goes on there.
    expect(pdf.pages[1]?.text.split('\n')[0]).toBe('Recent observations (continued)');
    expect(pdf.pages[1]?.text).toContain('Line 70 of what we saw.');
    expect(Math.min(...pdf.pages.flatMap((page) => page.sizes))).toBeGreaterThanOrEqual(SNAPSHOT_LIMITS.minFontPt - 0.01);
  }, 30_000);

  it('goes on with a list item longer than a column in the next one, nothing past the margins', async () => {
    // The record's own words, not limited as the parent's are.
    const longStrength = Array.from({ length: 700 }, (_, index) => `strength${index + 1}`).join(' ');
    const full = fullSnapshotView();
    const view: SnapshotView = {
      ...full,
      sections: full.sections.map((section) =>
        section.key === 'strengths' ? { ...section, content: { key: 'strengths', items: ['Kind', longStrength, 'Funny'] } } : section,
      ),
    };
    const pdf = await readPdf(await renderPdf(snapshotPdfContent(view, { paper: 'a4', photo: PHOTO })));
    const text = flat(pdf.text);
    const words = Array.from({ length: 700 }, (_, index) => text.indexOf(`strength${index + 1} `));
    expect(words.every((position) => position >= 0)).toBe(true);
    expect(words).toEqual([...words].sort((a, b) => a - b));
    expect(text).toContain('What people like and admire about me (continued)');
    expect(text.indexOf('Funny')).toBeGreaterThan(words.at(-1) as number);
    for (const page of pdf.pages) {
      expect(Math.min(...page.baselines)).toBeGreaterThan(30);
      expect(Math.max(...page.baselines)).toBeLessThan(page.size[1] - 30);
    }
    expect(Math.min(...pdf.pages.flatMap((page) => page.sizes))).toBeGreaterThanOrEqual(SNAPSHOT_LIMITS.minFontPt - 0.01);
  }, 30_000);
});

describe('the IEP meeting pack PDF', () => {
  it('prints six goals with their charts, their observations, the documents and every question', async () => {
    const pack = meetingPackSample(6, 200);
    const bytes = await renderPdf(meetingPackPdfContent(pack, { paper: 'letter' }));
    const pdf = await readPdf(bytes);
    const text = flat(pdf.text);
    const at = pack.goals.map((goal) => text.indexOf(goal.title));
    expect(at.every((position) => position >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const question of pack.questions) expect(text).toContain(question.text);
    for (const document of pack.documents) expect(text).toContain(document.title);
    expect(text).toContain(pack.goals[0]?.observations.at(-1)?.what);
    // Beside the observations, what the team said: who, their role and the day, the question and the answer.
    expect(text).toContain('What the team said (2)');
    expect(text).toContain('Ms Lee (teacher), Oct 6: How did it go this week?: 43 words a minute');
    expect(text).toContain('Mr Diaz (therapist), Nov 3: Anything the family should know?: Worked well in a small group');
    expect(pdf.figures.filter((alt) => alt.startsWith('Progress chart for'))).toHaveLength(6);
    expect(pdf.figures).toContain(
      'Progress chart for Write a five-sentence paragraph. No progress entries yet. Baseline 2 sentences. Target 5 sentences.',
    );
    expect(pdf.pages.every((page) => page.size[0] === 612 && page.size[1] === 792)).toBe(true);
    expect(Math.min(...pdf.pages.flatMap((page) => page.sizes))).toBeGreaterThanOrEqual(SNAPSHOT_LIMITS.minFontPt - 0.01);
    expect(pdf.marked).toBe(true);
  }, 30_000);
});
