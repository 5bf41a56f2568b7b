// What the browser really downloads as JavaScript: Debian Chromium driven by Playwright, a fresh
// context (empty cache) per measurement, every script response recorded with its bytes on the wire
// (the server's choice of encoding, brotli for Chromium), its decoded size, and the size of the same
// file when the server is asked for gzip.
import { request as httpRequest } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import { json } from './lib/json-request.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The same flags as playwright.config.ts. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const SETTLE_TIMEOUT_MS = 20_000;
const PASSWORD = 'bench-calm-river-stones-42';

export interface ScriptFile {
  path: string;
  encoding: string;
  /** Body bytes on the wire, as the browser received them. */
  transferBytes: number;
  decodedBytes: number;
  /** Body bytes of the same URL when the server is asked for gzip only (small files come uncompressed). */
  gzipBytes: number;
}

export interface JsLoad {
  name: string;
  url: string;
  finalPath: string;
  /** What the screen showed once it settled (its h1), and whether that is the screen we waited for. */
  heading: string | null;
  settled: boolean;
  note: string | null;
  /**
   * Requests of the sign-in provider while the page loaded: /api/clerk-config, anything from another
   * host (they are refused, but asked for) or with "clerk" in its path. A link page must have none.
   */
  signInRequests: string[];
  files: ScriptFile[];
  totals: { count: number; transferBytes: number; decodedBytes: number; gzipBytes: number };
}

/** Raw body size of a GET with `Accept-Encoding: gzip` (no decompression). */
async function gzipBodyBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' }, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out fetching ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

async function describe(response: Response): Promise<ScriptFile> {
  await response.finished();
  const sizes = await response.request().sizes();
  const body = await response.body();
  const headers = await response.allHeaders();
  const gzip = await gzipBodyBytes(response.url());
  // The server leaves bodies under 1 KB uncompressed (compression's threshold): those count as sent.
  if (gzip.encoding !== 'gzip' && gzip.encoding !== 'identity')
    throw new Error(`${response.url()} came back as ${gzip.encoding} when asked for gzip`);
  return {
    path: new URL(response.url()).pathname,
    encoding: headers['content-encoding'] ?? 'identity',
    transferBytes: sizes.responseBodySize,
    decodedBytes: body.length,
    gzipBytes: gzip.bytes,
  };
}

/** Records every script response of a page while `action` runs, one per URL. */
async function recordScripts(page: Page, origin: string, action: () => Promise<void>): Promise<ScriptFile[]> {
  const seen = new Map<string, Response>();
  const foreign: string[] = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script') return;
    if (!url.startsWith(`${origin}/`)) foreign.push(url);
    else if (!seen.has(url)) seen.set(url, response);
  };
  page.on('response', onResponse);
  try {
    await action();
  } finally {
    page.off('response', onResponse);
  }
  if (foreign.length > 0) throw new Error(`scripts came from outside the bench server: ${foreign.join(', ')}`);
  const files: ScriptFile[] = [];
  for (const response of seen.values()) files.push(await describe(response));
  return files;
}

function totals(files: readonly ScriptFile[]): JsLoad['totals'] {
  return files.reduce(
    (sum, file) => ({
      count: sum.count + 1,
      transferBytes: sum.transferBytes + file.transferBytes,
      decodedBytes: sum.decodedBytes + file.decodedBytes,
      gzipBytes: sum.gzipBytes + file.gzipBytes,
    }),
    { count: 0, transferBytes: 0, decodedBytes: 0, gzipBytes: 0 },
  );
}

async function firstHeading(page: Page): Promise<string | null> {
  const h1 = page.locator('h1').first();
  return (await h1.count()) > 0 ? ((await h1.textContent()) ?? '').trim() : null;
}

/** Lets the page finish its requests (Playwright's networkidle: 500 ms without any). */
async function settleNetwork(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => {});
}

function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 10);
  return date.toISOString().slice(0, 10);
}

/**
 * A parent made through the API with the context's request client, so the session cookie lands in
 * the browser context: signed up, marked as having used the app (the beta gate lets them in at once,
 * as it does a returning parent), and optionally with one child.
 */
async function signUpParent(context: BrowserContext, origin: string, withChild: boolean): Promise<void> {
  const email = `bench-web-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await context.request.post(`${origin}/api/auth/sign-up`, { data: { email, password: PASSWORD } });
  if (signUp.status() !== 201) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const { token } = (await signUp.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const metadata = await context.request.patch(`${origin}/api/auth/me/metadata`, {
    headers,
    data: { unsafeMetadata: { hasUsedApp: true } },
  });
  if (!metadata.ok()) throw new Error(`metadata update answered ${metadata.status()}: ${await metadata.text()}`);
  if (!withChild) return;
  const child = await context.request.post(`${origin}/api/children`, {
    headers,
    data: { firstName: 'Maya', dateOfBirth: yearsAgo(9), grade: '4', supportPlan: 'iep' },
  });
  if (child.status() !== 201) throw new Error(`creating a child answered ${child.status()}: ${await child.text()}`);
}

/**
 * A new parent (signed up through the REST API) with Maya, 9, in grade 4 with an IEP: their POST, and
 * a path scoped to her. `tag` names the bench in the made-up email address.
 */
async function parentOfMaya(origin: string, tag: string) {
  const email = `bench-web-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token } = await json<{ token: string }>(`${origin}/api/auth/sign-up`, { method: 'POST', body: { email, password: PASSWORD } });
  const post = <T>(path: string, body: unknown) => json<T>(`${origin}${path}`, { method: 'POST', token, body });
  const child = await post<{ id: number }>('/api/children', {
    firstName: 'Maya',
    dateOfBirth: yearsAgo(9),
    grade: '4',
    supportPlan: 'iep',
  });
  const scoped = (path: string) => `${path}?childId=${child.id}`;
  return { post, scoped };
}

const SHARED_SNAPSHOT_TITLE = 'Maya for her teacher';

/**
 * A snapshot shared by link (issue 27), made through the REST API as a parent would: a child with a
 * goal and three progress entries, a teacher's snapshot and a 7-day link. Answers the page's path on
 * this server with the token after `#` (the link itself names the server's APP_URL).
 */
export async function sharedSnapshotPath(origin: string): Promise<string> {
  const { post, scoped } = await parentOfMaya(origin, 'share');
  const goal = await post<{ id: number }>(scoped('/api/goals'), {
    area: 'reading',
    title: 'Read a page aloud fluently',
    baseline: 60,
    target: 90,
    unit: 'words per minute',
  });
  for (const [daysAgo, value] of [
    [21, 62],
    [14, 66],
    [7, 71],
  ] as const) {
    const recordedOn = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await post(scoped(`/api/goals/${goal.id}/progress`), { recordedOn, value });
  }
  const snapshot = await post<{ id: number }>(scoped('/api/snapshots'), { audience: 'teacher', title: SHARED_SNAPSHOT_TITLE });
  const { link } = await post<{ link: string }>(scoped(`/api/snapshots/${snapshot.id}/links`), { expiresInDays: 7 });
  return `/snapshots/view${new URL(link).hash}`;
}

export const FORM_FILL_TITLE = 'Weekly check-in for Maya';

/**
 * A smart form's fill link (issue 28), made through the REST API as a parent would: a child with a
 * goal, a form with one question of each kind (the count tied to the goal) and a 14-day link for a
 * teacher. Answers the page's path on this server with the token after `#`.
 */
export async function formFillPath(origin: string): Promise<string> {
  const { post, scoped } = await parentOfMaya(origin, 'form');
  const goal = await post<{ id: number }>(scoped('/api/goals'), {
    area: 'attention-executive-function',
    title: 'Start written work within 3 minutes',
    baseline: 1,
    target: 4,
    unit: 'times a week',
  });
  const form = await post<{ id: number }>(scoped('/api/forms'), {
    title: FORM_FILL_TITLE,
    intro: 'Thank you for taking two minutes: your answers help us follow her goals at home.',
    questions: [
      {
        id: 'starts',
        kind: 'count',
        prompt: 'How many times this week did she start work without a prompt?',
        goalId: goal.id,
        required: true,
      },
      { id: 'calm', kind: 'yes-no', prompt: 'Was she calm in transitions?' },
      { id: 'focus', kind: 'scale', prompt: 'How well did she focus in class?', scaleLow: 'Not at all', scaleHigh: 'All the time' },
      { id: 'minutes', kind: 'number', prompt: 'Minutes of reading on Friday', unit: 'minutes' },
      { id: 'test', kind: 'date', prompt: 'When is the next spelling test?' },
      { id: 'notes', kind: 'text', prompt: 'Anything else we should know?' },
    ],
  });
  const { link } = await post<{ link: string }>(scoped(`/api/forms/${form.id}/links`), {
    recipientName: 'Ms Lee',
    recipientRole: 'teacher',
    expiresInDays: 14,
  });
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

interface Scenario {
  name: string;
  path: string;
  /** Makes what the page needs first and answers the path to open (with a link's token after `#`). */
  preparePath?: (origin: string) => Promise<string>;
  /** Sign a parent up first (with a child or not). */
  parent?: { withChild: boolean };
  /** The h1 that means the screen has rendered. */
  expectHeading?: RegExp;
}

export const SCENARIOS = {
  home: { name: '/ (public landing)', path: '/' },
  dashboard: { name: '/app (parent with a child -> dashboard)', path: '/app', parent: { withChild: true }, expectHeading: /^Dashboard$/ },
  guide: { name: '/guide (parent with a child)', path: '/guide', parent: { withChild: true }, expectHeading: /^Guide$/ },
  onboarding: {
    name: '/app (new parent, no child -> onboarding)',
    path: '/app',
    parent: { withChild: false },
    expectHeading: /Tell us about your child/,
  },
  sharedSnapshot: {
    name: '/snapshots/view#<token> (shared snapshot, signed out)',
    path: '/snapshots/view',
    preparePath: sharedSnapshotPath,
    expectHeading: /^Maya for her teacher$/,
  },
  formFill: {
    name: '/forms/<id>/fill#<token> (smart form fill, signed out)',
    path: '/forms/<id>/fill',
    preparePath: formFillPath,
    expectHeading: /^Weekly check-in for Maya$/,
  },
} satisfies Record<string, Scenario>;

async function measure(browser: Browser, origin: string, scenario: Scenario): Promise<JsLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    // Loopback only: anything aimed elsewhere is refused (and would show up as a failed request).
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    if (scenario.parent) await signUpParent(context, origin, scenario.parent.withChild);
    const target = scenario.preparePath ? await scenario.preparePath(origin) : scenario.path;
    const page = await context.newPage();
    const signInRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin || url.pathname === '/api/clerk-config' || /clerk/i.test(url.pathname)) signInRequests.push(request.url());
    });
    let settled = true;
    let note: string | null = null;
    const files = await recordScripts(page, origin, async () => {
      await page.goto(`${origin}${target}`, { waitUntil: 'load', timeout: SETTLE_TIMEOUT_MS });
      if (scenario.expectHeading) {
        try {
          await page.getByRole('heading', { level: 1, name: scenario.expectHeading }).waitFor({ timeout: SETTLE_TIMEOUT_MS });
        } catch {
          settled = false;
          note = `did not reach an h1 matching ${scenario.expectHeading} within ${SETTLE_TIMEOUT_MS / 1000} s`;
        }
      }
      await settleNetwork(page);
    });
    return {
      name: scenario.name,
      url: scenario.path,
      finalPath: new URL(page.url()).pathname,
      heading: await firstHeading(page),
      settled,
      note,
      signInRequests,
      files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
      totals: totals(files),
    };
  } finally {
    await context.close();
  }
}

/** Measures each scenario in its own fresh context of one Chromium. */
export async function measureJs(origin: string, scenarios: readonly Scenario[]): Promise<JsLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const results: JsLoad[] = [];
    for (const scenario of scenarios) results.push(await measure(browser, origin, scenario));
    return results;
  } finally {
    await browser.close();
  }
}
