/**
 * The guide's server side (issue 13): "for you" suggestions read from a record built over the API
 * (decision 0065), over REST and tRPC, with another family's child unseen; and letters made into
 * tagged PDFs that read back with pdfjs, stored nowhere (decision 0066).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_ARTICLES } from '#shared/guide.ts';
import { LETTER_LAYOUT } from '#shared/letter-layout.ts';
import { LETTER_LIMITS } from '#shared/schemas/guide.ts';
import { fillParagraphs, letterOf, prefillValues } from '../../client/app/features/guide/template-fill.ts';
import { loadGuide } from '../../scripts/guide-content.ts';
import { shareChildren } from '../helpers/caregivers.ts';
import { callerFor, expectApiError, isoDay, issuePaths, trpcError, yearsAgo } from '../helpers/integration-kit.ts';
import { applicationTables, changedTables, tableFingerprint } from '../helpers/table-fingerprint.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

interface StructNode {
  role?: string;
  children?: StructNode[];
}

/** What a reader of the PDF gets: its text (pages joined), title, whether it is tagged, and page 1's structure roles. */
async function readPdf(bytes: Uint8Array) {
  const task = getDocument({ data: bytes, verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const first = await pdf.getPage(1);
    const roles = (node: StructNode): string[] => [
      ...(node.role ? [node.role] : []),
      ...(node.children ?? []).flatMap((child) => roles(child)),
    ];
    const metadata = await pdf.getMetadata();
    const markInfo = (await pdf.getMarkInfo()) as Map<string, unknown> | { Marked?: boolean } | null;
    return {
      text: pages.join('\n'),
      pageCount: pdf.numPages,
      title: (metadata.info as { Title?: string }).Title,
      marked: markInfo instanceof Map ? markInfo.get('Marked') : markInfo?.Marked,
      roles: roles((await first.getStructTree()) as StructNode),
    };
  } finally {
    await task.destroy();
  }
}

/** The same text with its line breaks as spaces: a sentence may wrap anywhere. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

interface PdfLine {
  page: number;
  /** Baseline, in points from the bottom of the page. */
  y: number;
  text: string;
  size: number;
}

/** Each line of text in the PDF as pdfjs places it: pages in order, top to bottom. */
async function pdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const task = getDocument({ data: bytes, verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  try {
    const lines: PdfLine[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const byY = new Map<number, PdfLine>();
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round((item.transform[5] as number) * 100) / 100;
        const line = byY.get(y) ?? { page: number, y, text: '', size: item.transform[3] as number };
        line.text += item.str;
        byY.set(y, line);
      }
      lines.push(...[...byY.values()].sort((a, b) => b.y - a.y));
    }
    return lines;
  } finally {
    await task.destroy();
  }
}

/**
 * The PDF's lines grouped into paragraphs by the space between them: a line step within a paragraph,
 * more between two. A paragraph that runs over a page break goes on with the next page's first line.
 */
function pdfParagraphs(lines: readonly PdfLine[], step: number): { paragraphs: string[]; gaps: number[] } {
  const paragraphs: string[] = [];
  const gaps: number[] = [];
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (previous && previous.page === line.page && Math.abs(previous.y - line.y - step) < 0.5) {
      paragraphs[paragraphs.length - 1] += `\n${line.text}`;
    } else if (previous && previous.page !== line.page) {
      paragraphs[paragraphs.length - 1] += `\n${line.text}`;
      gaps.push(Number.NaN);
    } else {
      if (previous) gaps.push(previous.y - line.y);
      paragraphs.push(line.text);
    }
  });
  return { paragraphs, gaps };
}

describe.each(ENGINES)('the guide on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  describe('suggestions', () => {
    /** A parent whose child has a support plan reviewed in three weeks, a reading challenge and a diagnosis. */
    async function familyWithReviewAhead() {
      const parent = await signUpParent(server);
      const child = await api(server, 'POST', '/api/children', {
        token: parent.token,
        json: {
          firstName: 'Sam',
          dateOfBirth: yearsAgo(9),
          // "other": its annual review is the only milestone within the weeks these suggestions look at, whatever today is.
          supportPlan: 'other',
          planReviewDate: isoDay(21),
          challenges: ['Reading'],
          diagnoses: ['ADHD'],
        },
      });
      expect(child.status).toBe(201);
      const childId = child.body.id as number;
      const call = (method: string, path: string, json?: unknown) =>
        api(server, method, `/api${path}${path.includes('?') ? '&' : '?'}childId=${childId}`, { token: parent.token, json });
      return { ...parent, childId, call };
    }

    it('reads the record on each call: a review three weeks ahead, a challenge and a diagnosis; the same over tRPC', async () => {
      const f = await familyWithReviewAhead();
      // Before the roadmap is made there is no milestone: the profile alone speaks.
      const before = await f.call('GET', '/guide/suggestions');
      expect(before.status).toBe(200);
      expect((before.body as { key: string }[]).map((suggestion) => suggestion.key)).toEqual(['challenge:reading-at-home', 'diagnosis']);

      expect((await f.call('POST', '/milestones/generate')).status).toBe(200);
      const review = ((await f.call('GET', '/milestones')).body as { id: number; title: string; category: string; dueDate: string }[]).find(
        (milestone) => milestone.category === 'plan-review' && milestone.dueDate === isoDay(21),
      );
      expect(review).toBeDefined();
      const after = await f.call('GET', '/guide/suggestions');
      expect(after.body).toEqual([
        {
          key: `milestone:${review?.id}`,
          title: 'The annual IEP review',
          reason: expect.stringContaining(`\u201C${review?.title}\u201D is on the roadmap in 3 weeks, on `),
          slug: GUIDE_ARTICLES.annualReview,
          // A review ahead also offers the meeting pack (issue 27).
          action: { label: 'Prepare the meeting pack', path: '/snapshots/meeting-pack' },
        },
        {
          key: 'challenge:reading-at-home',
          title: 'Reading at home with a child who struggles',
          reason: 'You noted \u201CReading\u201D as a challenge for Sam.',
          slug: GUIDE_ARTICLES.readingAtHome,
        },
        {
          key: 'diagnosis',
          title: 'Talking with your child about their diagnosis',
          reason: 'You noted \u201CADHD\u201D in Sam\u2019s profile.',
          slug: GUIDE_ARTICLES.talkingAboutTheDiagnosis,
        },
      ]);
      const caller = callerFor(server.services, f.userId);
      expect(await caller.guide.suggestions({ childId: f.childId })).toEqual(after.body);

      // Done with the review: it is no longer suggested.
      expect((await f.call('PUT', `/milestones/${review?.id}`, { status: 'done' })).status).toBe(200);
      expect(((await f.call('GET', '/guide/suggestions')).body as { key: string }[]).map((suggestion) => suggestion.key)).toEqual([
        'challenge:reading-at-home',
        'diagnosis',
      ]);
    });

    it('a goal set today is not yet one "with no data"; a child with nothing noted gets the start', async () => {
      const f = await signUpParentWithChild(server);
      const goal = await f.call('POST', '/goals', { area: 'reading', title: 'Reads 20 minutes' });
      expect(goal.status).toBe(201);
      const suggestions = await f.call('GET', '/guide/suggestions');
      expect(suggestions.body).toEqual([
        { key: 'start', title: 'Keeping a record that helps', reason: expect.any(String), slug: GUIDE_ARTICLES.keepingARecord },
      ]);
    });

    it('a caregiver who may view reads them; another parent\u2019s child is not found over REST and tRPC', async () => {
      const f = await familyWithReviewAhead();
      const viewer = await signUpParent(server);
      await shareChildren(server.services, f.userId, viewer.userId, 'viewer', [f.childId]);
      const asViewer = await api(server, 'GET', `/api/guide/suggestions?childId=${f.childId}`, { token: viewer.token });
      expect(asViewer.status).toBe(200);
      // The same suggestions, except that what the parent noted is said in their name, not "You noted" (decision 0086).
      const parentName = f.email.slice(0, f.email.indexOf('@'));
      const asParent = (await f.call('GET', '/guide/suggestions')).body as { reason: string }[];
      expect(asParent.some((suggestion) => suggestion.reason.startsWith('You noted'))).toBe(true);
      expect(asViewer.body).toEqual(
        asParent.map((suggestion) => ({ ...suggestion, reason: suggestion.reason.replace(/^You noted/, `${parentName} noted`) })),
      );

      const stranger = await signUpParent(server);
      expectApiError(await api(server, 'GET', `/api/guide/suggestions?childId=${f.childId}`, { token: stranger.token }), 404, 'NOT_FOUND');
      expect((await trpcError(callerFor(server.services, stranger.userId).guide.suggestions({ childId: f.childId }))).code).toBe(
        'NOT_FOUND',
      );
      expectApiError(await api(server, 'GET', `/api/guide/suggestions?childId=${f.childId}`), 401, 'UNAUTHORIZED');
      expect(issuePaths(await api(server, 'GET', '/api/guide/suggestions', { token: f.token }))).toEqual(['childId']);
    });
  });

  describe('letters', () => {
    const letter = {
      title: 'Request for an evaluation: Zoë Ångström',
      paragraphs: [
        'Ms. Rivera\nLincoln Elementary School',
        '',
        'Dear Ms. Rivera,',
        '',
        'I am writing to ask for a full evaluation of my child, Zoë Ångström, in grade 4. Zoë finds reading hard and is often upset after school. '.repeat(
          6,
        ),
        'Her grandparents, Αλέξανδρος and Пётр, see the same at home.',
        '',
        'Sincerely,',
        'Élodie Ångström',
      ],
    };

    it('answers a tagged PDF to save, with the title, the paragraphs and every name as typed, and stores nothing', async () => {
      const parent = await signUpParent(server);
      const tables = await applicationTables(server.db);
      const before = await tableFingerprint(server.db, tables);
      const response = await fetch(`${server.url}/api/letters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(letter),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toContain('no-store');
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition.startsWith('attachment;')).toBe(true);
      // A colon is refused in file names: it becomes a space.
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(
        'Request for an evaluation Zoë Ångström.pdf',
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');

      const pdf = await readPdf(bytes);
      expect(pdf.title).toBe(letter.title);
      expect(pdf.marked).toBe(true);
      // The title is the document's, not a heading on the page: the preview shows none.
      expect(pdf.roles.slice(0, 3)).toEqual(['Root', 'Document', 'P']);
      expect(pdf.roles).not.toContain('H1');
      expect(pdf.roles.filter((role) => role === 'P').length).toBeGreaterThanOrEqual(4);
      const text = flat(pdf.text);
      for (const words of [
        'Lincoln Elementary School',
        'Dear Ms. Rivera,',
        'Zoë Ångström, in grade 4',
        'Αλέξανδρος and Пётр',
        'Élodie Ångström',
      ]) {
        expect(text).toContain(words);
      }
      expect(changedTables(before, await tableFingerprint(server.db, tables))).toEqual([]);
    });

    it('sets the letter as its preview shows it: the same paragraphs, a blank line between them, one font, no heading', async () => {
      const parent = await signUpParent(server);
      const template = loadGuide().templates.find((each) => each.id === 'request-for-an-evaluation');
      if (!template) throw new Error('the evaluation letter is missing');
      const values = prefillValues(template, {
        child: {
          id: 1,
          firstName: 'Zoë',
          lastName: 'Ångström',
          dateOfBirth: '2016-05-02',
          grade: '4',
          school: 'Lincoln Elementary School',
          supportPlan: null,
          diagnoses: [],
          strengths: ['Draws detailed maps'],
          challenges: ['Reading aloud', 'Spelling'],
        },
        parentName: 'Élodie Ångström',
        today: 'Nov 27, 2026',
        formatDay: (day) => day,
      });
      values.recipient = 'Ms. Rivera';
      values.contact = '555-0100';
      // What the preview shows, paragraph by paragraph, and what the app sends.
      const preview = fillParagraphs(template, values);
      const sent = letterOf(template, values);
      expect(sent.paragraphs).toEqual(preview);

      const response = await fetch(`${server.url}/api/letters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const fonts = [...new TextDecoder('latin1').decode(bytes).matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map(
        (match) => match[1],
      );
      // pdfjs takes the bytes it reads (the array is empty after).
      const lines = await pdfLines(bytes);
      const step = LETTER_LAYOUT.fontSizePt * LETTER_LAYOUT.lineHeight;
      const { paragraphs, gaps } = pdfParagraphs(lines, step);

      // The preview's paragraphs, in order, each with its own line breaks (the address, the signature).
      expect(paragraphs.map(flat)).toEqual(preview.map(flat));
      expect(paragraphs[0]).toBe('Nov 27, 2026');
      expect(paragraphs.at(-1)?.split('\n')).toEqual(['Sincerely,', 'Élodie Ångström', '555-0100']);
      // Between two paragraphs on a page, one blank line: twice the step from baseline to baseline.
      expect(gaps.filter((gap) => !Number.isNaN(gap)).map((gap) => Math.round((gap / step) * 100) / 100)).toEqual(
        Array.from({ length: gaps.filter((gap) => !Number.isNaN(gap)).length }, () => 1 + LETTER_LAYOUT.paragraphGapLines),
      );
      // One font at one size: no heading the preview lacks, the title nowhere on the page.
      expect(new Set(lines.map((line) => line.size))).toEqual(new Set([LETTER_LAYOUT.fontSizePt]));
      expect(lines.map((line) => line.text)).not.toContain(template.title);
      expect(new Set(fonts)).toEqual(new Set(['LiberationSans']));
      expect(LETTER_LAYOUT.fontFamily).toMatch(/^"Liberation Sans"/);
    });

    it('makes the letter of medical necessity, filled from the record and an expense, as a PDF', async () => {
      const parent = await signUpParent(server);
      const template = loadGuide().templates.find((each) => each.id === 'letter-of-medical-necessity');
      if (!template) throw new Error('the letter of medical necessity is missing');
      const values = prefillValues(template, {
        child: {
          id: 1,
          firstName: 'Zoë',
          lastName: 'Ångström',
          dateOfBirth: '2016-05-02',
          grade: '4',
          school: null,
          supportPlan: null,
          diagnoses: ['Dyslexia'],
          strengths: [],
          challenges: ['Reading aloud'],
        },
        strategies: ['Audiobooks for class texts'],
        expense: { provider: 'Bright Minds Tutoring', category: 'tutoring', serviceDate: '2026-11-03', serviceEndDate: null },
        parentName: 'Élodie Ångström',
        today: 'Nov 27, 2026',
        formatDay: (day) => day,
      });
      const response = await fetch(`${server.url}/api/letters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(letterOf(template, values)),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
      const text = (await pdfLines(new Uint8Array(await response.arrayBuffer()))).map((line) => line.text);
      for (const line of [
        'Re: Letter of medical necessity for Zoë Ångström, born 2016-05-02',
        'Service or item: Tutoring',
        'Provider: Bright Minds Tutoring',
        'Dates of service: 2026-11-03',
        '- Dyslexia',
        '- Reading aloud',
        '- Audiobooks for class texts',
        "[Clinician's signature]",
      ]) {
        expect(text).toContain(line);
      }
    });

    it('a long letter flows onto more pages', async () => {
      const parent = await signUpParent(server);
      const paragraphs = Array.from({ length: 40 }, (_, index) => `Paragraph ${index + 1}. ${'Words that fill the line. '.repeat(18)}`);
      const response = await fetch(`${server.url}/api/letters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Parent concerns statement', paragraphs }),
      });
      expect(response.status).toBe(200);
      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.pageCount).toBeGreaterThan(1);
      expect(flat(pdf.text)).toContain('Paragraph 40.');
    });

    it('needs a signed-in caller, and names what breaks a limit', async () => {
      expectApiError(await api(server, 'POST', '/api/letters', { json: letter }), 401, 'UNAUTHORIZED');
      const parent = await signUpParent(server);
      const send = (json: unknown) => api(server, 'POST', '/api/letters', { token: parent.token, json });

      const tooMany = await send({ title: 'A letter', paragraphs: Array.from({ length: LETTER_LIMITS.paragraphs + 1 }, () => 'Line') });
      expect(issuePaths(tooMany)).toEqual(['paragraphs']);
      expect(expectApiError(tooMany, 400, 'BAD_REQUEST').issues?.[0]?.message).toBe(`At most ${LETTER_LIMITS.paragraphs} paragraphs`);

      const tooLong = await send({ title: 'A letter', paragraphs: Array.from({ length: 6 }, () => 'x'.repeat(LETTER_LIMITS.paragraph)) });
      expect(issuePaths(tooLong)).toEqual(['paragraphs']);
      expect(expectApiError(tooLong, 400, 'BAD_REQUEST').issues?.[0]?.message).toContain(String(LETTER_LIMITS.total));

      for (const [body, field] of [
        [{ title: '   ', paragraphs: ['Hello'] }, 'title'],
        [{ title: 'x'.repeat(LETTER_LIMITS.title + 1), paragraphs: ['Hello'] }, 'title'],
        [{ title: 'A letter', paragraphs: [] }, 'paragraphs'],
        [{ title: 'A letter', paragraphs: ['x'.repeat(LETTER_LIMITS.paragraph + 1)] }, 'paragraphs.0'],
        [{ title: 'A letter', paragraphs: ['Hello', 'nul \u0000'] }, 'paragraphs.1'],
        [{ title: 'A letter', paragraphs: ['Hello'], childId: 3 }, 'childId'],
      ] as const) {
        expect({ body: body.title.slice(0, 10), fields: issuePaths(await send(body)) }).toEqual({
          body: body.title.slice(0, 10),
          fields: [field],
        });
      }
      // Blank paragraphs are the blank lines of a letter.
      expect((await send({ title: 'A letter', paragraphs: ['', 'Hello', ''] })).status).toBe(200);
    });
  });
});
